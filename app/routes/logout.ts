import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { endSession } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';

// Logging out is a POST: a link or prefetch must never sign anyone out.
export function loader() {
  return redirect('/');
}

export async function action({ request }: Route.ActionArgs) {
  return redirectWithToast(
    '/',
    { title: 'Logout successful', description: 'You have been logged out' },
    { headers: { 'Set-Cookie': await endSession(request) } },
  );
}
