import type { Route } from './+types/user.email-preferences';
import { emailPreferencesBody } from '~/api/contract/account';
import { updateEmailPreferences } from '~/models/email-preferences.server';
import { readJson, requireApiUser } from '~/api/request.server';

/**
 * POST /api/user/email-preferences: turns some of the member's e-mail lists on or off.
 * `marketing: true` while news is off is the member's opt-in, recorded with its date.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const changes = await readJson(args.request, emailPreferencesBody);
  const preferences = updateEmailPreferences(user.id, changes);
  return Response.json(preferences);
}
