import { Form } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { waitText } from '~/utils/dates';

/** The owner's "Get a fresh roast" button, or how long until it comes back. */
export function FreshRoast({ waitMs, failed }: { waitMs: number; failed: boolean }) {
  if (waitMs > 0) {
    return <p className="mt-4 text-sm text-muted">You can ask for a fresh roast again in {waitText(waitMs)}.</p>;
  }
  return (
    <Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="fresh-roast" />
      <button type="submit" className={buttonClass('ghost', 'sm')}>
        {failed ? 'Try again' : 'Get a fresh roast'}
      </button>
    </Form>
  );
}
