import type { Route } from './+types/verify-login-code';
import { verifyLoginCodeBody } from '~/api/contract/account';
import { clientAddressOf } from '~/web/client-address.server';
import { apiError, readJson } from '~/api/request.server';
import { AuthError, clearAuthFlow, verifyEmailCode } from '~/web/auth.server';
import { startSession } from '~/web/session.server';

const STATUS_OF = { refused: 400, rate_limited: 429, disabled: 403 } as const;

/**
 * POST /api/verify-login-code (docs/product.md §7): signs in with the e-mailed code and
 * sets the session cookie the pages use; the sign-in cookie is done with.
 */
export async function action({ request }: Route.ActionArgs) {
  const { email, code } = await readJson(request, verifyLoginCodeBody);
  const user = await verifyEmailCode({ email, code, ip: clientAddressOf(request) }).catch((error: unknown) => {
    throw error instanceof AuthError ? apiError(STATUS_OF[error.kind], error.message) : error;
  });
  const headers = new Headers();
  headers.append('Set-Cookie', await startSession(request, user.id));
  headers.append('Set-Cookie', await clearAuthFlow());
  return Response.json({ id: user.id, username: user.username, isAdmin: user.isAdmin }, { headers });
}
