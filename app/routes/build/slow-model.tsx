import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { usePoll } from '~/components/use-poll';
import type { ModelRoastOffer } from '~/models/roasts.server';
import { ROAST_POLL_MS } from '~/utils/constants';
import { PLACES } from '~/utils/places';

/**
 * Under a roast the built-in roaster wrote because the model was too slow: says so to
 * everyone, and offers its owner the model's roast in its place, a plain form post that
 * JavaScript sends without leaving the page.
 */
export function SlowModelNote({ offer, paused = false }: { offer: ModelRoastOffer | null; paused?: boolean }) {
  const navigation = useNavigation();
  const asking = navigation.formData?.get('intent') === 'model-roast';
  return (
    <div id={PLACES.modelRoast} className="mt-4 border-t border-line pt-4 text-sm">
      <p className="text-muted">Our built-in roaster stepped in: the AI model was too slow to answer in time.</p>
      {offer === 'waiting' ? <WaitingForModel paused={paused} /> : null}
      {offer === 'ask' ? (
        <Form method="post" preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value="model-roast" />
          <button type="submit" disabled={asking} className={buttonClass('ghost', 'sm')}>
            {asking ? 'Asking the AI model...' : "Get the AI model's roast instead"}
          </button>
          <p className="mt-2 text-xs text-muted">It can take a few minutes; this roast stays until it lands.</p>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * The owner asked for the model's roast: the page looks again every 5 s, as the waiting
 * view does, and shows the model's roast in this one's place when it lands (without
 * JavaScript the page's meta refresh does the same); not once they stopped the page updating itself.
 */
function WaitingForModel({ paused }: { paused: boolean }) {
  usePoll(ROAST_POLL_MS, Infinity, !paused);
  return (
    <p className="mt-2 flex items-center gap-3 text-ink" role="status" aria-live="polite">
      {paused ? null : (
        <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-neon-cyan border-t-transparent" />
      )}
      The AI model is writing its roast. It replaces this one here when it lands, in a few minutes.
    </p>
  );
}
