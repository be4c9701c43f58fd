import type { Route } from './+types/user.email-preferences';
import { emailPreferencesBody } from '~/api/contract/account';
import { optInToNews, updateEmailPreferences } from '~/models/email-preferences.server';
import { readJson, requireApiUser } from '~/api/request.server';

/**
 * POST /api/user/email-preferences: turns some of the member's e-mail lists on or off.
 * `marketing: true` sent by the member is their opt-in to news, recorded with its date.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const changes = await readJson(args.request, emailPreferencesBody);
  const preferences = updateEmailPreferences(user.id, changes);
  if (changes.marketing === true) optInToNews(user.id);
  return Response.json(preferences);
}
