import type { RefObject } from 'react';
import { buttonClass } from '~/components/ui/button';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/** The photo's file input, with a preview of the chosen photo and a way to take it out again. */
export function PhotoInput({
  fileRef,
  preview,
  onPreview,
}: {
  fileRef: RefObject<HTMLInputElement | null>;
  preview: string | null;
  onPreview: (url: string | null) => void;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor="upload-image" className="text-sm font-semibold">
        Photo of your build
      </label>
      {preview ? (
        <div className="relative">
          <img src={preview} alt="Preview of the chosen photo" className="max-h-96 w-full rounded-xl object-contain" />
          <button
            type="button"
            className={`${buttonClass('ghost', 'sm')} absolute right-3 top-3`}
            onClick={() => {
              onPreview(null);
              if (fileRef.current) fileRef.current.value = '';
            }}
          >
            Remove
          </button>
        </div>
      ) : null}
      <input
        ref={fileRef}
        id="upload-image"
        name="image"
        type="file"
        accept={ACCEPTED_TYPES}
        aria-describedby="upload-image-hint"
        className={`${preview ? 'sr-only' : ''} block w-full rounded-xl border-2 border-dashed border-neon-cyan/50 bg-void p-6 text-sm text-muted file:mr-4 file:rounded-lg file:border-0 file:bg-neon-cyan file:px-4 file:py-2 file:font-bold file:text-void`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          onPreview(file ? URL.createObjectURL(file) : null);
        }}
      />
      <p id="upload-image-hint" className="text-xs text-muted">
        JPG, PNG or GIF, up to 10MB.
      </p>
    </div>
  );
}
