import { getFormProps, getSelectProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { describedBy, Field, FieldErrors, inputClass } from '~/components/ui/field';
import { usePosting } from '~/components/ui/use-posting';
import { useZodForm } from '~/components/ui/use-zod-form';

type Props = {
  builds: { id: number; title: string }[];
  entry: { buildId: number; title: string } | null;
  lastResult: SubmissionResult<string[]> | null;
};

/** "Enter a build": one of the member's listed builds; entering again replaces the entry, which can also be withdrawn. */
export function EntryForm({ builds, entry, lastResult }: Props) {
  const [form, fields] = useZodForm('competitionEntrySchema', {
    id: 'competition-entry',
    lastResult,
    defaultValue: { buildId: String(entry?.buildId ?? '') },
    shouldValidate: 'onSubmit',
  });
  const entering = usePosting('enter');
  const withdrawing = usePosting('withdraw');
  return (
    <section aria-labelledby="enter-title" className="panel grid gap-4 p-5">
      <h2 id="enter-title" className="display text-xl">
        Enter a build
      </h2>
      {entry ? (
        <p className="text-sm">
          Your entry: <span className="font-bold text-neon-cyan">{entry.title}</span>. Entering another build replaces it.
        </p>
      ) : (
        <p className="text-sm text-muted">One build per member. You can change or withdraw it until the competition ends.</p>
      )}
      <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="enter" />
        <Field label="Your build" id={fields.buildId.id} errors={fields.buildId.errors}>
          <select
            {...getSelectProps(fields.buildId)}
            key={fields.buildId.key}
            {...describedBy(fields.buildId.id, { errors: fields.buildId.errors })}
            className={inputClass}
          >
            <option value="">Choose one of your builds</option>
            {builds.map((build) => (
              <option key={build.id} value={build.id}>
                {build.title}
              </option>
            ))}
          </select>
        </Field>
        <FieldErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className={buttonClass('hot', 'md', 'justify-self-start')} disabled={entering}>
          {entering ? 'Entering...' : entry ? 'Replace entry' : 'Enter build'}
        </button>
      </Form>
      {entry ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="withdraw" />
          <button type="submit" className={buttonClass('ghost', 'sm')} disabled={withdrawing}>
            Withdraw entry
          </button>
        </Form>
      ) : null}
    </section>
  );
}
