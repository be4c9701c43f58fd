import type { Route } from './+types/verify-email';
import { emailTokenBody } from '~/api/contract/account';
import { checkEmailChangeToken, confirmEmailChange } from '~/models/email-changes.server';
import { apiError, readJson } from '~/api/request.server';
import { currentSessionId } from '~/web/session.server';

/**
 * GET /api/verify-email?token= (docs/product.md §7) only checks the link: GETs never write,
 * and mail scanners fetch links. The page confirms with a POST, and so does the API.
 */
export function loader({ url }: Route.LoaderArgs) {
  const check = checkEmailChangeToken(url.searchParams.get('token'));
  return check.ok ? Response.json({ message: 'Confirm your new e-mail address.' }) : apiError(400, check.message);
}

/** POST /api/verify-email {token}: changes the member's address to the one the link was mailed to. */
export async function action(args: Route.ActionArgs) {
  const { token } = await readJson(args.request, emailTokenBody);
  const confirmed = await confirmEmailChange(token, { sessionId: currentSessionId(args) });
  return confirmed.ok ? Response.json({ message: 'Email Verified' }) : apiError(400, confirmed.message);
}
