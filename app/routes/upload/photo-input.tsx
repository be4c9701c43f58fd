import type { FieldMetadata } from '@conform-to/react';
import { type RefObject, useState } from 'react';
import { CHOOSE_AGAIN } from '~/components/extra-photos-input';
import { buttonClass } from '~/components/ui/button';
import { describedBy, FieldErrors } from '~/components/ui/field';
import { fieldPlace } from '~/utils/places';
import { BUILD_PHOTO_TYPES, buildPhotoField } from '~/utils/schemas';

/**
 * The photo's file input, with a preview of the chosen photo and a way to take
 * it out again. A photo the form would refuse (too large, not an image) is told
 * as soon as it is chosen, through the form's own check (`validate`), before
 * anything is sent; it is not previewed. The page holds the photo's rule itself, so
 * the refusal is told even when the form's checks could not be loaded (the network
 * went): the Upload button waits for a photo, and nothing else would say why.
 */
export function PhotoInput({
  field,
  validate,
  fileRef,
  preview,
  onPreview,
  chooseAgain,
}: {
  field: FieldMetadata<File | undefined>;
  validate: () => void;
  fileRef: RefObject<HTMLInputElement | null>;
  preview: string | null;
  onPreview: (url: string | null) => void;
  /** The form came back refused without JavaScript: the photo chosen is gone. */
  chooseAgain: boolean;
}) {
  // Why the photo chosen was refused, by the same rule: shown when the form's own check has not said it.
  const [refusal, setRefusal] = useState<string | null>(null);
  const checked = field.errors?.length ? field.errors : refusal ? [refusal] : undefined;
  const errors = chooseAgain ? [...(checked ?? []), CHOOSE_AGAIN] : checked;
  return (
    <div id={fieldPlace(field.id)} className="grid gap-2">
      <label htmlFor={field.id} className="text-sm font-semibold">
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
        id={field.id}
        name={field.name}
        type="file"
        accept={BUILD_PHOTO_TYPES.join(',')}
        {...describedBy(field.id, { errors, hint: true })}
        // Once previewed, only hidden: with its width and padding too, the hidden input spanned the viewport and the page scrolled sideways.
        className={
          preview
            ? 'sr-only'
            : 'block w-full rounded-xl border-2 border-dashed border-neon-cyan/50 bg-void p-6 text-sm text-muted file:mr-4 file:rounded-lg file:border-0 file:bg-neon-cyan file:px-4 file:py-2 file:font-bold file:text-void aria-invalid:border-danger'
        }
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          validate();
          const verdict = file ? buildPhotoField.safeParse(file) : null;
          setRefusal(verdict && !verdict.success ? (verdict.error.issues[0]?.message ?? null) : null);
          onPreview(file && verdict?.success ? URL.createObjectURL(file) : null);
        }}
      />
      <p id={`${field.id}-hint`} className="text-xs text-muted">
        JPG, PNG, GIF or WebP, up to 10MB.
      </p>
      <FieldErrors id={`${field.id}-error`} errors={errors} />
    </div>
  );
}
