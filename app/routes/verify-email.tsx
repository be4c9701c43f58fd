import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/verify-email';
import { buttonClass } from '~/components/ui/button';
import { checkEmailChangeToken, confirmEmailChange } from '~/models/email-changes.server';
import { currentSessionId } from '~/web/session.server';
import { rejectForm } from '~/web/reject-form.server';
import { redirectWithToast } from '~/web/toast.server';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Verify your e-mail', 'Confirm the new e-mail address of your RigRoast account.');

// Opening the link shows this page; the address changes with the POST, so a
// mail scanner fetching the link changes nothing.
export function loader({ url }: Route.LoaderArgs) {
  if (url.searchParams.get('verified') === '1') return { state: 'success' as const, token: '', error: '' };
  const check = checkEmailChangeToken(url.searchParams.get('token'));
  return check.ok
    ? { state: 'ready' as const, token: check.token, error: '' }
    : { state: 'error' as const, token: '', error: check.message };
}

export async function action(args: Route.ActionArgs) {
  const token = String((await args.request.formData()).get('token') ?? '');
  const confirmed = await confirmEmailChange(token, { sessionId: currentSessionId(args) });
  if (!confirmed.ok) {
    const error = confirmed.message;
    return rejectForm(args, { error }, { toast: { kind: 'error', title: 'Verification Failed', description: error } });
  }
  return redirectWithToast('/verify-email?verified=1', { title: 'Email Verified' });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const error = actionData?.error ?? (loaderData.state === 'error' ? loaderData.error : null);
  const ready = loaderData.state === 'ready' && !actionData;

  // With JavaScript the page confirms on its own (the loading state); without, one click does.
  useEffect(() => {
    if (ready) formRef.current?.requestSubmit();
  }, [ready]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 text-center">
      <h1 className="display text-3xl">E-mail verification</h1>
      <div className="panel mt-8 grid gap-4 p-6 sm:p-8">
        {loaderData.state === 'success' ? (
          <div role="status" className="grid gap-3">
            <p className="text-lg font-bold">Email Verified</p>
            <p className="text-sm text-muted">Your account now uses this address.</p>
          </div>
        ) : error ? (
          <div role="alert" className="grid gap-3">
            <p className="text-lg font-bold">Verification Failed</p>
            <p className="text-sm text-muted">{error}</p>
            <p className="text-sm text-muted">You can request a new verification e-mail from your profile's settings.</p>
          </div>
        ) : (
          <Form method="post" ref={formRef} className="grid gap-3">
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="text-muted" aria-live="polite">
              {navigation.state === 'submitting' ? 'Verifying your e-mail address...' : 'Confirm your new e-mail address.'}
            </p>
            <button type="submit" className={buttonClass('hot', 'md')} disabled={navigation.state !== 'idle'}>
              Confirm e-mail address
            </button>
          </Form>
        )}
        <Link to="/auth" className={buttonClass('ghost', 'md')}>
          Go to Login
        </Link>
      </div>
    </div>
  );
}
