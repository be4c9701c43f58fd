import { Form, useSubmit } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors } from '~/components/ui/field';
import { usePosting } from '~/components/ui/use-posting';
import { useHydrated } from '~/components/use-hydrated';
import { EMAIL_LISTS, EMAIL_LIST_TEXT } from '~/domain/email-lists';
import { shortDate } from '~/utils/dates';

type Preferences = { notifications: boolean; weeklyDigest: boolean; marketing: boolean };

/**
 * The three e-mail switches. Without JavaScript they are checkboxes and a Save
 * button (a plain post and redirect); with it, each switch saves as it flips.
 */
export function EmailPreferencesForm({
  preferences,
  marketingOptedInAt,
  error,
}: {
  preferences: Preferences;
  /** When the member opted in to "News and offers", while that opt-in stands. */
  marketingOptedInAt: number | null;
  error?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const saving = usePosting('email-preferences');
  return (
    <div className="grid gap-4">
      <Form
        method="post"
        className="grid gap-4"
        aria-label="E-mail preferences"
        onChange={(event) => {
          if (hydrated) void submit(event.currentTarget, { preventScrollReset: true, replace: true });
        }}
      >
        <input type="hidden" name="intent" value="email-preferences" />
        {EMAIL_LISTS.map((list) => (
          <label key={list} className="flex cursor-pointer items-start justify-between gap-4">
            <span className="grid gap-0.5">
              <span className="font-semibold text-ink" id={`email-${list}-label`}>
                {EMAIL_LIST_TEXT[list].label}
              </span>
              <span className="text-sm text-muted" id={`email-${list}-description`}>
                {EMAIL_LIST_TEXT[list].description}
                {list === 'marketing'
                  ? marketingOptedInAt
                    ? ` You opted in on ${shortDate(marketingOptedInAt)}.`
                    : ' None is sent unless you turn this on.'
                  : null}
              </span>
            </span>
            <input
              type="checkbox"
              role="switch"
              name={list}
              value="on"
              defaultChecked={preferences[list]}
              aria-labelledby={`email-${list}-label`}
              aria-describedby={`email-${list}-description`}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="relative mt-0.5 h-7 w-12 shrink-0 rounded-full border border-line bg-void transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5.5 after:rounded-full after:bg-muted after:transition-transform peer-checked:border-neon-cyan peer-checked:bg-neon-cyan/25 peer-checked:after:translate-x-5 peer-checked:after:bg-neon-cyan peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neon-cyan"
            />
          </label>
        ))}
        <FieldErrors id="email-preferences-error" errors={error ? [error] : undefined} />
        {hydrated ? (
          <p className="text-xs text-muted" aria-live="polite">
            {saving ? 'Saving...' : 'Changes save as you flip a switch.'}
          </p>
        ) : (
          <button type="submit" className={`${buttonClass('ghost', 'sm')} justify-self-start`}>
            Save e-mail preferences
          </button>
        )}
      </Form>
    </div>
  );
}
