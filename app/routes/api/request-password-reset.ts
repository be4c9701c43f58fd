import type { Route } from './+types/request-password-reset';
import { requestPasswordResetBody } from '~/api/contract/account';
import { requestPasswordReset } from '~/models/password-resets.server';
import { clientAddressOf } from '~/web/client-address.server';
import { apiError, readJson } from '~/api/request.server';

/** POST /api/request-password-reset (docs/product.md §7): the forgot-password page's request, with its limits. */
export async function action({ request }: Route.ActionArgs) {
  const { email } = await readJson(request, requestPasswordResetBody);
  const requested = await requestPasswordReset({ email, ip: clientAddressOf(request) });
  return requested.ok ? Response.json({ resetEmailSent: true }) : apiError(429, requested.message);
}
