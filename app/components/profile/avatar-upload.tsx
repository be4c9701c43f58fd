import { useRef, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import { toast } from '~/components/toaster';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors } from '~/components/ui/field';
import { AVATAR_ACCEPTED_TYPES, compressAvatar, processingErrorMessage } from '~/images/compress-avatar';

/**
 * Changing the avatar. With JavaScript, choosing a file compresses it in the
 * browser (docs/product.md §9) and uploads it at once; without, the file goes up as chosen
 * with the Upload button, and the server checks and re-encodes it either way.
 */
export function AvatarUpload({ error }: { error?: string }) {
  const fetcher = useFetcher();
  const inputRef = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(false);
  const busy = processing || fetcher.state !== 'idle';

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid w-full justify-items-center gap-2"
      onSubmit={(event) => {
        // Without a chosen file there is nothing to enhance.
        if (!inputRef.current?.files?.length) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="avatar" />
      <label className={`${buttonClass('ghost', 'sm')} cursor-pointer`}>
        {busy ? (
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
        ) : null}
        {busy ? 'Uploading...' : 'Change avatar'}
        <input
          ref={inputRef}
          type="file"
          name="avatar"
          accept={AVATAR_ACCEPTED_TYPES.join(',')}
          className="sr-only"
          disabled={busy}
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            setProcessing(true);
            try {
              const compressed = await compressAvatar(file);
              const body = new FormData();
              body.set('intent', 'avatar');
              body.set('avatar', compressed);
              await fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' });
            } catch (problem) {
              toast({ kind: 'error', ...processingErrorMessage(problem) });
            } finally {
              setProcessing(false);
              event.target.value = '';
            }
          }}
        />
      </label>
      <noscript>
        <button type="submit" className={buttonClass('primary', 'sm')}>
          Upload avatar
        </button>
      </noscript>
      <p className="text-xs text-muted">JPEG, PNG or WebP</p>
      <FieldErrors id="avatar-error" errors={error ? [error] : undefined} />
    </Form>
  );
}
