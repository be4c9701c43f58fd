import type { Route } from './+types/logout';
import { endSession } from '~/web/session.server';

/** POST /api/logout (docs/product.md §7): ends the session (if any) and clears its cookie. */
export async function action({ request }: Route.ActionArgs) {
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await endSession(request) } });
}
