import type { Route } from './+types/notifications.unread';
import { requireApiUser } from '~/api/request.server';
import { unreadNotificationCount } from '~/models/notifications.server';

/** GET /api/notifications/unread: the bell's count. */
export function loader(args: Route.LoaderArgs) {
  const user = requireApiUser(args);
  return Response.json({ unread: unreadNotificationCount(user.id) });
}
