import type { Route } from './+types/admin.user-standing';
import { apiError, pathId, requireApiStaff } from '~/api/request.server';
import { memberStanding } from '~/models/member-moderation.server';

/** GET /api/admin/users/{userId}/standing: a member's suspension, strikes and warnings. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  const standing = memberStanding(pathId(args.params.id, 'User not found'));
  if (!standing) return apiError(404, 'User not found');
  return Response.json(standing);
}
