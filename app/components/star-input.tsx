import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { AuthRequiredDialog } from '~/components/auth-required-dialog';
import { StarIcon } from '~/components/icons';
import { buttonClass } from '~/components/ui/button';

type Props = { buildId: number; current: number | null; signedIn: boolean };

/**
 * "rate this build": five radio buttons drawn as stars and a submit button, a plain
 * form (keyboard: arrow keys pick, Enter sends). The hover preview is CSS (app.css,
 * .star-input). A guest with JavaScript gets the sign-in dialog; without, the post
 * itself sends them to sign in and back.
 */
export function StarInput({ buildId, current, signedIn }: Props) {
  const [askSignIn, setAskSignIn] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'rate';
  return (
    <section aria-labelledby="rate-title" className="panel p-5">
      <Form
        method="post"
        preventScrollReset
        onSubmit={(event) => {
          if (signedIn) return;
          event.preventDefault();
          setAskSignIn(true);
        }}
        className="flex flex-wrap items-center justify-between gap-4"
      >
        <input type="hidden" name="intent" value="rate" />
        <fieldset>
          <legend id="rate-title" className="mb-2 text-sm font-bold uppercase tracking-widest text-muted">
            rate this build
          </legend>
          <div className="star-input flex gap-1">
            {[1, 2, 3, 4, 5].map((stars) => (
              <label key={stars} className="cursor-pointer p-0.5">
                <input type="radio" name="rating" value={stars} defaultChecked={current === stars} required className="sr-only" />
                <StarIcon className="size-8" aria-hidden="true" />
                <span className="sr-only">
                  {stars} {stars === 1 ? 'star' : 'stars'}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={buttonClass('hot', 'md')} disabled={busy}>
          {busy ? 'Submitting...' : current ? 'Update rating' : 'Submit rating'}
        </button>
      </Form>
      {current ? (
        <p className="mt-3 text-sm text-muted">
          You rated this build {current} {current === 1 ? 'star' : 'stars'}.
        </p>
      ) : null}
      {askSignIn ? <AuthRequiredDialog redirectTo={`/build/${buildId}`} onClose={() => setAskSignIn(false)} /> : null}
    </section>
  );
}
