import type { Route } from './+types/notifications.read-all';
import { requireApiUser } from '~/api/request.server';
import { markAllNotificationsRead, unreadNotificationCount } from '~/models/notifications.server';

/** POST /api/notifications/read-all: marks every one of the member's notifications read. */
export function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const marked = markAllNotificationsRead(user.id);
  return Response.json({ marked, unread: unreadNotificationCount(user.id) });
}
