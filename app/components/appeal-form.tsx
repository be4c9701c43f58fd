import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors, inputClass } from '~/components/ui/field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { APPEAL_MAX_LENGTH, type AppealSubject } from '~/domain/member-moderation';

/** The id of the form that appeals one suspension or strike: the page's action says which one it refused by it. */
export const appealFormId = (about: AppealSubject, strikeId?: number | null) =>
  about === 'suspension' ? 'appeal-suspension' : `appeal-strike-${strikeId}`;

/**
 * Asks a moderator to look again at a suspension or a strike, in the member's words: a
 * plain post to /standing that comes back here, enhanced with JavaScript.
 */
export function AppealForm({
  about,
  strikeId = null,
  lastResult,
}: {
  about: AppealSubject;
  strikeId?: number | null;
  /** The server's answer when it refused this form (its messages, the text kept). */
  lastResult: SubmissionResult<string[]> | null;
}) {
  const id = appealFormId(about, strikeId);
  const [form, fields] = useZodForm('appealSchema', { id, lastResult });
  const navigation = useNavigation();
  const sent = navigation.formData;
  const sending = sent?.get('about') === about && (strikeId === null || sent.get('strikeId') === String(strikeId));
  const hint = `${id}-hint`;
  return (
    <Form method="post" action="/standing" {...getFormProps(form)} noValidate preventScrollReset className="grid gap-2">
      <input type="hidden" name={fields.about.name} value={about} />
      {strikeId === null ? null : <input type="hidden" name={fields.strikeId.name} value={strikeId} />}
      <label htmlFor={fields.message.id} className="text-sm font-semibold text-ink">
        Why should a moderator look again?
      </label>
      <textarea
        dir="auto"
        {...getTextareaProps(fields.message)}
        required={false}
        minLength={undefined}
        maxLength={APPEAL_MAX_LENGTH}
        rows={4}
        className={`${inputClass} resize-y`}
        aria-invalid={fields.message.errors?.length ? true : undefined}
        aria-describedby={[hint, fields.message.errors?.length ? fields.message.errorId : ''].filter(Boolean).join(' ')}
      />
      <p id={hint} className="text-xs text-muted">
        Up to {APPEAL_MAX_LENGTH} characters. You can appeal this once; only the moderators read it, and you are told what they decide.
      </p>
      <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={sending}>
          {sending ? 'Sending…' : 'Send appeal'}
        </button>
      </div>
    </Form>
  );
}
