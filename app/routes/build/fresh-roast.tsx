import { Form } from 'react-router';
import { RoastIntensityInput } from '~/components/roast-intensity-input';
import { buttonClass } from '~/components/ui/button';
import { DEFAULT_ROAST_INTENSITY, type RoastIntensity } from '~/domain/roast-intensity';
import { waitText } from '~/utils/dates';

/** The owner's "Get a fresh roast" with how hard it goes (the last roast's intensity first), or how long until it comes back. */
export function FreshRoast({ waitMs, failed, intensity }: { waitMs: number; failed: boolean; intensity?: RoastIntensity }) {
  if (waitMs > 0) {
    return <p className="mt-4 text-sm text-muted">You can ask for a fresh roast again in {waitText(waitMs)}.</p>;
  }
  return (
    <Form method="post" className="mt-4 grid gap-3 border-t border-line pt-4">
      <input type="hidden" name="intent" value="fresh-roast" />
      <RoastIntensityInput idPrefix="fresh-intensity" defaultValue={intensity ?? DEFAULT_ROAST_INTENSITY} />
      <button type="submit" className={buttonClass('ghost', 'sm', 'justify-self-start')}>
        {failed ? 'Try again' : 'Get a fresh roast'}
      </button>
    </Form>
  );
}
