import type { ChangeEvent } from 'react';
import { describedBy, Field } from '~/components/ui/field';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { BUILD_PHOTO_TYPES, extraPhotosField } from '~/utils/schemas';

/** What a build's further photos may be, wherever they are added. */
export const EXTRA_PHOTOS_HINT = `Up to ${MAX_EXTRA_PHOTOS} besides the main one, checked like it before anyone else sees them. JPEG, PNG, GIF or WebP, up to 10MB each.`;

/** Said beside a file input whose file the form came back without: a browser never fills one in again. */
export const CHOOSE_AGAIN = 'Choose it again: the form came back without the file you chose.';

/** What is wrong with the photos chosen in a further-photos input, each named; none when they may be sent. */
export function extraPhotosProblems(files: FileList | null): string[] {
  const checked = extraPhotosField.safeParse([...(files ?? [])]);
  return checked.success ? [] : checked.error.issues.map((issue) => issue.message);
}

/**
 * The file input for a build's further photos: one at a time on the edit page, up to
 * four at once on the upload form. Its errors (and hint, if given) are tied to it by
 * `id`; `onChange` is where a page checks what was chosen, at once, with JavaScript.
 */
export function ExtraPhotosInput({
  id,
  name,
  label,
  multiple = false,
  errors,
  hint,
  chooseAgain = false,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  multiple?: boolean;
  errors?: string[];
  hint?: string;
  /** The form came back refused without JavaScript: what was chosen is gone. */
  chooseAgain?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const shownErrors = errors?.length && chooseAgain ? [...errors, CHOOSE_AGAIN] : errors;
  return (
    <Field label={label} id={id} errors={shownErrors} hint={hint}>
      <input
        id={id}
        type="file"
        name={name}
        multiple={multiple}
        accept={BUILD_PHOTO_TYPES.join(',')}
        onChange={onChange}
        className="block w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-panel-2 file:px-3 file:py-2 file:text-ink"
        {...describedBy(id, { errors, hint: Boolean(hint) })}
      />
    </Field>
  );
}
