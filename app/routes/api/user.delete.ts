import type { Route } from './+types/user.delete';
import { deleteAccountBody } from '~/api/contract/account';
import { apiError, readJson, requireApiUser } from '~/api/request.server';
import { deleteOwnAccount } from '~/models/account-deletion.server';
import { clientAddressOf } from '~/web/client-address.server';
import { endSession } from '~/web/session.server';

/** POST /api/user/delete: deletes the member's account with the e-mailed code, and signs them out. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const { code } = await readJson(args.request, deleteAccountBody);
  const deleted = await deleteOwnAccount(user, { code, ip: clientAddressOf(args.request) });
  if (!deleted.ok) {
    const status = { last_admin: 409, limited: 429, unsent: 503, invalid_code: 400 } as const;
    return apiError(status[deleted.reason], deleted.message);
  }
  return Response.json({ message: 'Your account was deleted.' }, { headers: { 'Set-Cookie': await endSession(args.request) } });
}
