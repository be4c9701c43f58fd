import { useState } from 'react';
import { Form, useFetcher } from 'react-router';
import { AuthRequiredDialog } from '~/components/auth-required-dialog';
import { StarIcon } from '~/components/icons';
import { buttonClass } from '~/components/ui/button';
import { usePosting } from '~/components/ui/use-posting';
import { PLACES } from '~/utils/places';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

/**
 * Rating a build from another page (a competition's entry cards): the form posts
 * `buildId` there, to `action`, which redirects back to `back`; with JavaScript it
 * posts without leaving the page, each card on its own.
 */
type InPlace = { action: string; back: string; title: string };

type Props = { buildId: number; current: number | null; signedIn: boolean; inPlace?: InPlace };

/**
 * "rate this build": five radio buttons drawn as stars and a submit button, a plain
 * form (keyboard: arrow keys pick, Enter sends). The hover preview is CSS (app.css,
 * .star-input). A guest with JavaScript gets the sign-in dialog; without, the post
 * itself sends them to sign in and back.
 */
export function StarInput({ buildId, current, signedIn, inPlace }: Props) {
  const [askSignIn, setAskSignIn] = useState(false);
  const posting = usePosting('rate');
  const fetcher = useFetcher({ key: `rate-${buildId}` });
  const RatingForm = inPlace ? fetcher.Form : Form;
  const busy = inPlace ? fetcher.state === 'submitting' : posting;
  const titleId = `rate-title-${buildId}`;
  return (
    // On the build page, the place its redirect lands on without JavaScript; an entry card is its own place.
    <section id={inPlace ? undefined : PLACES.rating} aria-labelledby={titleId} className={inPlace ? '' : 'panel p-5'}>
      <RatingForm
        method="post"
        action={inPlace?.action}
        preventScrollReset
        onSubmit={(event) => {
          if (signedIn) return;
          event.preventDefault();
          setAskSignIn(true);
        }}
        className={inPlace ? 'flex flex-wrap items-end justify-between gap-2' : 'flex flex-wrap items-center justify-between gap-4'}
      >
        <input type="hidden" name="intent" value="rate" />
        {inPlace ? <input type="hidden" name="buildId" value={buildId} /> : null}
        <fieldset>
          <legend id={titleId} className={inPlace ? 'sr-only' : 'mb-2 text-sm font-bold uppercase tracking-widest text-muted'}>
            {inPlace ? `rate ${inPlace.title}` : 'rate this build'}
          </legend>
          <div className="star-input flex gap-1">
            {[1, 2, 3, 4, 5].map((stars) => (
              <label key={stars} className="cursor-pointer p-0.5">
                <input type="radio" name="rating" value={stars} defaultChecked={current === stars} required className="sr-only" />
                <StarIcon className={inPlace ? 'size-7' : 'size-8'} aria-hidden="true" />
                <span className="sr-only">{counted(stars, 'star', 'stars')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={buttonClass('hot', inPlace ? 'sm' : 'md')} disabled={busy}>
          {busy ? 'Submitting...' : current ? 'Update rating' : inPlace ? 'Rate' : 'Submit rating'}
        </button>
      </RatingForm>
      {current ? (
        <p className={inPlace ? 'mt-2 text-xs text-muted' : 'mt-3 text-sm text-muted'}>
          You rated this build {counted(current, 'star', 'stars')}.
        </p>
      ) : null}
      {askSignIn ? <AuthRequiredDialog redirectTo={inPlace?.back ?? buildPath(buildId)} onClose={() => setAskSignIn(false)} /> : null}
    </section>
  );
}
