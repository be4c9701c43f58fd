import type { Route } from './+types/user.email-preferences';
import { emailPreferencesBody } from '~/api/contract/account';
import { updateEmailPreferences } from '~/models/email-preferences.server';
import { readJson, requireApiUser } from '~/api/request.server';

/** POST /api/user/email-preferences: turns some of the member's e-mail lists on or off. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const changes = await readJson(args.request, emailPreferencesBody);
  return Response.json(updateEmailPreferences(user.id, changes));
}
