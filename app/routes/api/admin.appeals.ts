import type { Route } from './+types/admin.appeals';
import { requireApiStaff } from '~/api/request.server';
import { listOpenAppeals } from '~/models/appeals.server';

/** GET /api/admin/appeals: the moderation queue's open appeals, oldest first, for moderators and admins. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  return Response.json(listOpenAppeals());
}
