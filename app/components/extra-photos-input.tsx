import { describedBy, Field } from '~/components/ui/field';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { BUILD_PHOTO_TYPES } from '~/utils/schemas';

/** What a build's further photos may be, wherever they are added. */
export const EXTRA_PHOTOS_HINT = `Up to ${MAX_EXTRA_PHOTOS} besides the main one, checked like it before anyone else sees them. JPEG, PNG, GIF or WebP.`;

/**
 * The file input for a build's further photos: one at a time on the edit page, up to
 * four at once on the upload form. Its errors (and hint, if given) are tied to it by `id`.
 */
export function ExtraPhotosInput({
  id,
  name,
  label,
  multiple = false,
  errors,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  multiple?: boolean;
  errors?: string[];
  hint?: string;
}) {
  return (
    <Field label={label} id={id} errors={errors} hint={hint}>
      <input
        id={id}
        type="file"
        name={name}
        multiple={multiple}
        accept={BUILD_PHOTO_TYPES.join(',')}
        className="block w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-panel-2 file:px-3 file:py-2 file:text-ink"
        {...describedBy(id, { errors, hint: Boolean(hint) })}
      />
    </Field>
  );
}
