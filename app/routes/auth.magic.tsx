import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/auth.magic';
import { buttonClass } from '~/components/ui/button';
import { findMagicLink } from '~/models/login-codes.server';
import { authenticate } from '~/web/auth.server';
import { requireAnonymous } from '~/web/session.server';
import { completeSignIn } from '~/web/sign-in.server';
import { rejectForm } from '~/web/reject-form.server';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Sign in', 'Finish signing in to RigRoast.');

// Opening the link only shows this page; signing in is the POST below, so mail
// scanners that fetch links cannot use them up.
export function loader(args: Route.LoaderArgs) {
  requireAnonymous(args);
  const token = args.url.searchParams.get('token') ?? '';
  return { token, valid: findMagicLink(token) !== null };
}

export async function action(args: Route.ActionArgs) {
  requireAnonymous(args);
  const outcome = await authenticate('magic-link', args.request);
  if ('error' in outcome) {
    return rejectForm(
      args,
      { error: outcome.error },
      { toast: { kind: 'error', title: 'Verification failed', description: outcome.error } },
    );
  }
  return completeSignIn(args.request, outcome.user, '');
}

export default function MagicLink({ loaderData, actionData }: Route.ComponentProps) {
  const { token, valid } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const error = actionData?.error ?? (valid ? null : 'This sign-in link has expired or was already used.');

  // With JavaScript the link signs in straight away; without it, one click does.
  useEffect(() => {
    if (valid && !actionData) formRef.current?.requestSubmit();
  }, [valid, actionData]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 text-center">
      <h1 className="display text-3xl">Sign in</h1>
      <div className="panel mt-8 p-6 sm:p-8">
        {error ? (
          <>
            <p role="alert" className="text-ink">
              {error}
            </p>
            <Link to="/auth" className={`${buttonClass('primary', 'md')} mt-6`}>
              Back to Login
            </Link>
          </>
        ) : (
          <Form method="post" ref={formRef}>
            <input type="hidden" name="token" value={token} />
            <p className="text-muted">Your sign-in link is ready.</p>
            <button type="submit" className={`${buttonClass('hot', 'lg')} mt-6 w-full`} disabled={navigation.state !== 'idle'}>
              {navigation.state !== 'idle' ? 'Signing in...' : 'Sign in to RigRoast'}
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
