import { useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { UploadIcon } from '~/components/icons';
import { buttonClass } from '~/components/ui/button';
import { stashImage } from '~/utils/pending-image';
import { STANDING_PATH } from '~/domain/member-moderation';

const ACCEPTED = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * The home page's drop zone. With JavaScript a dropped or chosen photo waits in
 * session storage and /upload picks it up; without, it is a plain form that sends
 * the photo to /upload, which keeps it for the title step.
 */
export function DropZone() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const handOver = async (file: File | undefined) => {
    if (!file) return;
    if (await stashImage(file)) navigate('/upload');
    // Too big for session storage: send it to the server instead.
    else formRef.current?.requestSubmit();
  };

  return (
    <Form ref={formRef} method="post" action="/upload" encType="multipart/form-data" className="grid gap-3">
      <input type="hidden" name="intent" value="stage" />
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (inputRef.current) inputRef.current.files = event.dataTransfer.files;
          void handOver(event.dataTransfer.files[0]);
        }}
        className={`group grid min-h-64 cursor-pointer place-items-center rounded-2xl border-2 border-dashed bg-panel/70 p-8 text-center transition-colors hover:border-neon-cyan hover:bg-panel-2 ${
          dragging ? 'border-neon-cyan bg-panel-2' : 'border-neon-cyan/50'
        }`}
      >
        <span>
          <span
            aria-hidden="true"
            className="mx-auto grid size-16 place-items-center rounded-2xl border border-neon-cyan/60 text-neon-cyan shadow-glow-cyan"
          >
            <UploadIcon className="size-8" />
          </span>
          <span className="mt-5 block text-xl font-bold">Drop a photo of your build</span>
          <span className="mt-2 block text-sm text-muted">or choose a file · JPG, PNG, GIF or WebP up to 10MB</span>
        </span>
        <input
          ref={inputRef}
          type="file"
          name="image"
          accept={ACCEPTED}
          className="sr-only"
          onChange={(event) => void handOver(event.currentTarget.files?.[0])}
        />
      </label>
      <noscript>
        <button type="submit" className={`${buttonClass('primary', 'md')} w-full`}>
          Continue
        </button>
      </noscript>
    </Form>
  );
}

/** What stands where the drop zone would for a suspended member, whom the upload form refuses. */
export function UploadsPaused() {
  return (
    <div className="grid min-h-64 place-items-center rounded-2xl border-2 border-dashed border-line bg-panel/70 p-8 text-center">
      <p>
        <span className="block text-xl font-bold">Uploads are paused while your account is suspended.</span>
        <Link
          to={`${STANDING_PATH}#suspension`}
          className="mt-3 inline-block font-semibold text-neon-cyan underline underline-offset-4 hover:no-underline"
        >
          See your standing
        </Link>
      </p>
    </div>
  );
}
