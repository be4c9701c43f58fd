import type { Route } from './+types/user.warning-acknowledge';
import { apiError, pathId, requireApiUser } from '~/api/request.server';
import { acknowledgeWarning } from '~/models/member-moderation.server';

/** POST /api/user/warnings/{id}/acknowledge: the member acknowledges one of their warnings. */
export function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  if (!acknowledgeWarning(user.id, pathId(args.params.id, 'Warning not found'))) return apiError(404, 'Warning not found');
  return Response.json({ message: 'Warning acknowledged' });
}
