import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import type { ModelRoastOffer } from '~/models/roasts.server';

/**
 * Under a roast the built-in roaster wrote because the model was too slow: says so to
 * everyone, and offers its owner the model's roast in its place, a plain form post that
 * JavaScript sends without leaving the page.
 */
export function SlowModelNote({ offer }: { offer: ModelRoastOffer | null }) {
  const navigation = useNavigation();
  const asking = navigation.formData?.get('intent') === 'model-roast';
  return (
    <div className="mt-4 border-t border-line pt-4 text-sm">
      <p className="text-muted">Our built-in roaster stepped in: the AI model was too slow to answer in time.</p>
      {offer === 'waiting' ? (
        <p className="mt-2 text-ink" role="status">
          The AI model is on it. Its roast replaces this one when it lands; come back in a few minutes.
        </p>
      ) : null}
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
