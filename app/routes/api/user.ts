import type { Route } from './+types/user';
import { apiProgression, apiUser } from '~/api/serialize';
import { findProgression } from '~/models/progression.server';
import { unacknowledgedWarnings } from '~/models/member-moderation.server';
import { findProfile } from '~/models/users.server';
import { activeSuspension } from '~/domain/member-moderation';
import { requireApiUser } from '~/api/request.server';

/**
 * GET /api/user (docs/product.md §7): the session's member with their e-mail preferences and
 * progression, their suspension while it runs and the warnings they have not
 * acknowledged; or 401 when signed out.
 */
export function loader(args: Route.LoaderArgs) {
  const user = requireApiUser(args);
  const profile = findProfile(user.id)!;
  return Response.json({
    ...apiUser(profile),
    emailPreferences: profile.emailPreferences,
    marketingOptedInAt: profile.marketingOptedInAt,
    progression: apiProgression(findProgression(user.id)!),
    suspendedUntil: activeSuspension(user),
    warnings: unacknowledgedWarnings(user.id),
  });
}
