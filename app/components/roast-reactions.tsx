import { useState } from 'react';
import { useFetcher } from 'react-router';
import { AuthRequiredDialog } from '~/components/auth-required-dialog';
import type { RoastReaction, RoastReactions as Counts } from '~/domain/roast-reactions';
import { PLACES } from '~/utils/places';
import { buildPath } from '~/utils/build-path';

const CHOICES: readonly { reaction: RoastReaction; emoji: string; label: string }[] = [
  { reaction: 'landed', emoji: '🔥', label: 'Landed' },
  { reaction: 'missed', emoji: '🥱', label: 'Missed' },
];

/**
 * "Did this roast land?": 🔥 or 🥱, one per member, changeable, with the counts. A
 * plain form post without JavaScript (a guest's post goes to sign in and back);
 * with it, a fetcher that shows the choice at once and a guest gets the sign-in dialog.
 */
export function RoastReactions({ buildId, reactions, signedIn }: { buildId: number; reactions: Counts; signedIn: boolean }) {
  const fetcher = useFetcher();
  const [askSignIn, setAskSignIn] = useState(false);
  const pending = fetcher.formData?.get('reaction');
  const mine = pending === 'landed' || pending === 'missed' ? pending : reactions.mine;
  // While the choice is on its way, the counts show it already.
  const count = (reaction: RoastReaction) => reactions[reaction] - (reactions.mine === reaction ? 1 : 0) + (mine === reaction ? 1 : 0);
  return (
    <fetcher.Form
      id={PLACES.roastReactions}
      method="post"
      action={buildPath(buildId)}
      preventScrollReset
      onSubmit={(event) => {
        if (signedIn) return;
        event.preventDefault();
        setAskSignIn(true);
      }}
      className="mt-5 border-t border-line pt-4"
    >
      <input type="hidden" name="intent" value="react-roast" />
      <h3 id="roast-reactions-title" className="text-sm font-bold text-ink">
        Did this roast land?
      </h3>
      <div role="group" aria-labelledby="roast-reactions-title" className="mt-2 flex flex-wrap gap-2">
        {CHOICES.map(({ reaction, emoji, label }) => (
          <button
            key={reaction}
            type="submit"
            name="reaction"
            value={reaction}
            aria-pressed={mine === reaction}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-panel-2 px-4 text-sm font-semibold text-ink hover:border-neon-cyan aria-pressed:border-flame aria-pressed:bg-flame/15"
          >
            <span aria-hidden="true" className="text-lg">
              {emoji}
            </span>
            {label}
            <span className="tabular-nums text-muted">{count(reaction)}</span>
          </button>
        ))}
      </div>
      {askSignIn ? <AuthRequiredDialog redirectTo={buildPath(buildId)} onClose={() => setAskSignIn(false)} /> : null}
    </fetcher.Form>
  );
}
