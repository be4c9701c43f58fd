import type { Route } from './+types/user.deletion-code';
import { apiError, requireApiUser } from '~/api/request.server';
import { requestAccountDeletion } from '~/models/account-deletion.server';
import { clientAddressOf } from '~/web/client-address.server';

/** POST /api/user/deletion-code: e-mails the member the code that confirms deleting their account. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const sent = await requestAccountDeletion(user, clientAddressOf(args.request));
  if (sent.ok) return Response.json({ message: `We sent a code to ${user.email}. Send it to /api/user/delete to delete your account.` });
  const status = { last_admin: 409, limited: 429, unsent: 503, invalid_code: 400 } as const;
  return apiError(status[sent.reason], sent.message);
}
