import { getFormProps, getTextareaProps } from '@conform-to/react';
import { Form } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { describedBy, Field, FieldErrors, inputClass } from '~/components/ui/field';
import { usePosting } from '~/components/ui/use-posting';
import { useZodForm } from '~/components/ui/use-zod-form';
import { type AltRefusal, PHOTO_ALT_MAX_LENGTH } from '~/domain/photo-alt';

/** One photo's alt text as its owner edits it: `alt` is null until drafted, '' when no draft could be made. */
export type AltPhoto = { key: 'main' | number; label: string; alt: string | null };

function hintOf(alt: string | null): string {
  if (alt === null)
    return `We're drafting a description from the photo: it shows here once the photo has been looked at. You can write your own meanwhile (up to ${PHOTO_ALT_MAX_LENGTH} characters).`;
  if (alt === '') return `No description could be drafted: write what the photo shows (up to ${PHOTO_ALT_MAX_LENGTH} characters).`;
  return `What screen readers say of this photo wherever it is shown: we draft one from the photo, and you may change it to say what matters (up to ${PHOTO_ALT_MAX_LENGTH} characters).`;
}

/**
 * The owner's description of one photo of their build: a plain form that posts to the
 * page it is on (intent photo-alt), checked by the same schema in the browser.
 */
export function PhotoAltForm({ photo, refusal }: { photo: AltPhoto; refusal: AltRefusal | null }) {
  const lastResult = refusal && refusal.altPhoto === photo.key ? refusal.altResult : null;
  const [form, fields] = useZodForm('photoAltSchema', {
    id: `photo-alt-${photo.key}`,
    lastResult,
    defaultValue: { photo: String(photo.key), alt: photo.alt ?? '' },
  });
  const hint = hintOf(photo.alt);
  const posting = usePosting('photo-alt');
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset className="grid gap-2" data-testid="photo-alt-form">
      <input type="hidden" name="intent" value="photo-alt" />
      <input type="hidden" name="photo" value={String(photo.key)} />
      <Field label={`Description of ${photo.label}`} id={fields.alt.id} errors={fields.alt.errors} hint={hint}>
        <textarea
          dir="auto"
          {...getTextareaProps(fields.alt)}
          required={false}
          maxLength={undefined}
          rows={4}
          className={inputClass}
          {...describedBy(fields.alt.id, { errors: fields.alt.errors, hint: true })}
        />
      </Field>
      <FieldErrors id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={buttonClass('ghost', 'sm', 'min-h-11')} disabled={posting}>
          Save description <span className="sr-only">of {photo.label}</span>
        </button>
      </div>
    </Form>
  );
}
