import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { buttonClass } from '~/components/ui/button';
import { checkUnsubscribeToken, unsubscribe } from '~/models/email-preferences.server';
import { rejectForm } from '~/web/reject-form.server';
import { EMAIL_LIST_TEXT, type EmailList } from '~/domain/email-lists';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Unsubscribe', 'Stop e-mails from RigRoast with one click.');

const INVALID =
  'This unsubscribe link is not valid. It may have been cut short: open the whole link from the e-mail, or sign in and change your e-mail settings on your profile.';

// Opening the link only asks (mail scanners fetch links); the POST turns the list
// off: the page's button, or a mail client's one-click POST (RFC 8058), which sends
// `List-Unsubscribe=One-Click` to the same URL with no cookie and no Origin.
export function loader({ url }: Route.LoaderArgs) {
  const check = checkUnsubscribeToken(url.searchParams.get('token'));
  if (!check.ok) return data({ state: 'invalid' as const, list: null, error: INVALID }, { status: 400 });
  return { state: check.subscribed ? ('ready' as const) : ('done' as const), list: check.list, error: '' };
}

// The token is in the URL for both: the page's form posts back to it, and the header names it.
export function action(args: Route.ActionArgs) {
  const outcome = unsubscribe(args.url.searchParams.get('token'));
  if (!outcome.ok) return rejectForm(args, { list: null, error: INVALID });
  return { list: outcome.list, error: '' };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const list: EmailList | null = actionData?.list ?? loaderData.list;
  const error = actionData?.error || loaderData.error;
  const done = Boolean(actionData?.list) || loaderData.state === 'done';
  const text = list ? EMAIL_LIST_TEXT[list] : null;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 text-center">
      <h1 className="display text-3xl">Unsubscribe</h1>
      <div className="panel mt-8 grid gap-4 p-6 sm:p-8">
        {error || !text ? (
          <div role="alert" className="grid gap-3">
            <p className="text-lg font-bold">Link not valid</p>
            <p className="text-sm text-muted">{error}</p>
          </div>
        ) : done ? (
          <div role="status" className="grid gap-3">
            <p className="text-lg font-bold">You're unsubscribed</p>
            <p className="text-sm text-muted">
              You will no longer get <strong className="text-ink">{text.mails}</strong>. {text.description}
            </p>
            <p className="text-sm text-muted">Changed your mind? Turn them back on in your profile's settings.</p>
          </div>
        ) : (
          <Form method="post" className="grid gap-3">
            <p className="text-lg font-bold">Stop {text.mails}?</p>
            <p className="text-sm text-muted">{text.description}</p>
            <p className="text-sm text-muted">Other e-mails, such as sign-in codes, still come when you ask for them.</p>
            <button type="submit" className={buttonClass('hot', 'md')} disabled={navigation.state !== 'idle'}>
              {navigation.state === 'submitting' ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
          </Form>
        )}
        <Link to="/profile?tab=settings" className={buttonClass('ghost', 'md')}>
          E-mail settings
        </Link>
      </div>
    </div>
  );
}
