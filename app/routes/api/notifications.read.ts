import type { Route } from './+types/notifications.read';
import { apiError, pathId, requireApiUser } from '~/api/request.server';
import { markNotificationRead, unreadNotificationCount } from '~/models/notifications.server';

/** POST /api/notifications/{id}/read: marks one of the member's notifications read. */
export function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  if (!markNotificationRead(user.id, pathId(args.params.id, 'Notification not found'))) return apiError(404, 'Notification not found');
  return Response.json({ unread: unreadNotificationCount(user.id) });
}
