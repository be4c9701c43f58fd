import {
  type DefaultValue,
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { z } from 'zod';
import type * as schemas from '~/utils/schemas';
import { buttonClass } from '~/components/ui/button';
import { describedBy, Field, inputClass } from '~/components/ui/field';
import { TextField } from '~/components/ui/text-field';
import { usePosting } from '~/components/ui/use-posting';
import { type FormSchemaName, useZodForm } from '~/components/ui/use-zod-form';
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH, STRIKE_DEFAULT_DAYS, STRIKE_MAX_DAYS, WARNING_MAX_LENGTH } from '~/domain/member-moderation';
import { DAY_MS, shortDateTime } from '~/utils/dates';

/** What a staff form on a member's page asks for: its `intent`. */
export type Measure = 'warn' | 'strike' | 'suspend' | 'lift' | 'note';

type Props = {
  /** The suspension in force (its end, to the minute): its form changes it, starting from its end day and reason. */
  suspension: { endsAt: number; reason: string } | null;
  /** The form the server refused last, with its messages. */
  lastIntent: Measure | null;
  lastResult: SubmissionResult<string[]> | null;
};

/** The measures staff may take on a member, one plain form each; a reason is always required. */
export function MeasureForms({ suspension, lastIntent, lastResult }: Props) {
  const resultFor = (intent: Measure) => (lastIntent === intent ? lastResult : null);
  const suspended = suspension !== null;
  // The form picks whole days (00:00 UTC): the day the suspension ends, or the next one if it ends during a day.
  const untilDay = suspension && new Date(suspension.endsAt + DAY_MS - 1).toISOString().slice(0, 10);
  const endsDuringADay = suspension !== null && suspension.endsAt % DAY_MS !== 0;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <MeasureForm intent="warn" schema="warnSchema" title="Warn" submit="Send warning" lastResult={resultFor('warn')}>
        {(fields) => (
          <TextArea
            field={fields.message}
            label="Message to the member"
            maxLength={WARNING_MAX_LENGTH}
            hint="They see it on every page until they acknowledge it, and in their notifications."
          />
        )}
      </MeasureForm>
      <MeasureForm
        intent="strike"
        schema="strikeSchema"
        title="Strike"
        submit="Add strike"
        lastResult={resultFor('strike')}
        defaultValue={{ days: String(STRIKE_DEFAULT_DAYS) }}
      >
        {(fields) => (
          <>
            <TextField field={fields.reason} label="Reason" type="text" maxLength={REASON_MAX_LENGTH} />
            <Field
              label="Counts for (days)"
              id={fields.days.id}
              errors={fields.days.errors}
              hint={`1 to ${STRIKE_MAX_DAYS}; then it expires.`}
            >
              <input
                {...getInputProps(fields.days, { type: 'number' })}
                required={false}
                min={undefined}
                max={undefined}
                inputMode="numeric"
                className={inputClass}
                {...describedBy(fields.days.id, { errors: fields.days.errors, hint: true })}
              />
            </Field>
          </>
        )}
      </MeasureForm>
      <MeasureForm
        // Drawn anew when the suspension changes, so its fields start from the one in force.
        key={suspension ? `${untilDay} ${suspension.reason}` : 'none'}
        intent="suspend"
        schema="suspendSchema"
        title={suspended ? 'Change the suspension' : 'Suspend'}
        submit={suspended ? 'Change end date' : 'Suspend'}
        lastResult={resultFor('suspend')}
        defaultValue={suspension ? { until: untilDay, reason: suspension.reason } : undefined}
      >
        {(fields) => (
          <>
            <TextField field={fields.reason} label="Reason" type="text" maxLength={REASON_MAX_LENGTH} />
            <TextField
              field={fields.until}
              label="Suspended until (00:00 UTC)"
              type="date"
              hint={
                suspension
                  ? `It ends ${shortDateTime(suspension.endsAt)} now. The form sets 00:00 UTC of a day${
                      endsDuringADay ? ', so it starts at the next one' : ''
                    }. The member is told the new end and reason.`
                  : 'They can sign in and read, but not post, rate, react, upload or enter. They are told why, and may appeal.'
              }
            />
          </>
        )}
      </MeasureForm>
      {suspended ? (
        <MeasureForm
          intent="lift"
          schema="liftSuspensionSchema"
          title="Lift the suspension"
          submit="Lift suspension"
          lastResult={resultFor('lift')}
        >
          {(fields) => <TextField field={fields.reason} label="Reason" type="text" maxLength={REASON_MAX_LENGTH} />}
        </MeasureForm>
      ) : null}
      <MeasureForm intent="note" schema="noteSchema" title="Private note" submit="Save note" lastResult={resultFor('note')}>
        {(fields) => <TextArea field={fields.note} label="Note (staff only)" maxLength={NOTE_MAX_LENGTH} />}
      </MeasureForm>
    </div>
  );
}

type MeasureSchema = Extract<FormSchemaName, `${string}Schema`>;

function MeasureForm<Name extends MeasureSchema>({
  intent,
  schema,
  title,
  submit,
  lastResult,
  defaultValue,
  children,
}: {
  intent: Measure;
  /** Its schema's name in app/utils/schemas.ts. */
  schema: Name;
  title: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<(typeof schemas)[Name]>>;
  children: (fields: ReturnType<typeof useZodForm<Name>>[1]) => ReactNode;
}) {
  const [form, fields] = useZodForm(schema, { id: `${intent}-form`, lastResult, defaultValue });
  const posting = usePosting(intent);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-labelledby={`${intent}-title`}
      className="panel grid content-start gap-3 p-4"
    >
      <h3 id={`${intent}-title`} className="display text-lg">
        {title}
      </h3>
      {children(fields)}
      <div>
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={posting}
          className={buttonClass(intent === 'note' ? 'ghost' : 'hot', 'sm')}
        >
          {submit}
        </button>
      </div>
    </Form>
  );
}

function TextArea({ field, label, maxLength, hint }: { field: FieldMetadata<string>; label: string; maxLength: number; hint?: string }) {
  return (
    <Field label={label} id={field.id} errors={field.errors} hint={hint}>
      <textarea
        dir="auto"
        {...getTextareaProps(field)}
        required={false}
        rows={3}
        maxLength={maxLength}
        className={`${inputClass} resize-y`}
        {...describedBy(field.id, { errors: field.errors, hint: Boolean(hint) })}
      />
    </Field>
  );
}
