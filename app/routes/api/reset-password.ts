import type { Route } from './+types/reset-password';
import { resetPasswordBody } from '~/api/contract/account';
import { resetPassword } from '~/models/password-resets.server';
import { clientAddressOf } from '~/web/client-address.server';
import { apiError, readJson } from '~/api/request.server';

/** POST /api/reset-password (docs/product.md §7): sets the password with the mailed link's token. */
export async function action({ request }: Route.ActionArgs) {
  const { token, newPassword } = await readJson(request, resetPasswordBody);
  const reset = await resetPassword({ token, password: newPassword, ip: clientAddressOf(request) });
  if (reset.ok) return Response.json({ message: 'Password Reset Successful' });
  return apiError(reset.reason === 'limited' ? 429 : 400, reset.message);
}
