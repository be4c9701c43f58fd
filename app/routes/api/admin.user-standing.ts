import type { Route } from './+types/admin.user-standing';
import { apiError, pathId, requireApiStaff } from '~/api/request.server';
import { memberAppealHistory } from '~/models/appeals.server';
import { memberStanding } from '~/models/member-moderation.server';

/** GET /api/admin/users/{userId}/standing: a member's suspension (with its reason), strikes, warnings and appeals. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  const memberId = pathId(args.params.id, 'User not found');
  const standing = memberStanding(memberId);
  if (!standing) return apiError(404, 'User not found');
  return Response.json({ ...standing, appeals: memberAppealHistory(memberId) });
}
