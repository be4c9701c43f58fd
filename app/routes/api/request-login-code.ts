import type { Route } from './+types/request-login-code';
import { requestLoginCodeBody } from '~/api/contract/account';
import { apiError, readJson } from '~/api/request.server';
import { readAuthFlow, sendLoginCode } from '~/web/auth.server';

/**
 * POST /api/request-login-code (docs/product.md §7): e-mails a sign-in code, within the
 * sign-in page's limits, and sets the same sign-in cookie the page does.
 */
export async function action({ request }: Route.ActionArgs) {
  const { email } = await readJson(request, requestLoginCodeBody);
  const sent = await sendLoginCode(request, { email, tab: 'login', previous: await readAuthFlow(request) });
  if (!sent.ok) return sent.reason === 'mail_failed' ? apiError(503, sent.message, 'mail_failed') : apiError(429, sent.message);
  return Response.json({ message: 'Please check your email for a 6-digit login code' }, { headers: { 'Set-Cookie': sent.setCookie } });
}
