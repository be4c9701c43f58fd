import type { Route } from './+types/admin.overview';
import { requireApiStaff } from '~/api/request.server';
import { adminOverview } from '~/models/admin-overview.server';

/** GET /api/admin/overview: the admin overview's counts. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  return Response.json(adminOverview());
}
