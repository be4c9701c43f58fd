import type { Route } from './+types/notifications';
import { notificationListQuery } from '~/api/contract/notifications';
import { readQuery, requireApiUser } from '~/api/request.server';
import { apiNotificationPage } from '~/api/serialize';
import { listNotifications } from '~/models/notifications.server';
import { pageNumber } from '~/utils/query';

/** GET /api/notifications?page=: the member's notifications, newest first. */
export function loader(args: Route.LoaderArgs) {
  const user = requireApiUser(args);
  const { page } = readQuery(args.url, notificationListQuery);
  return Response.json(apiNotificationPage(listNotifications(user.id, pageNumber(page ?? null))));
}
