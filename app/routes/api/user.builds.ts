import type { Route } from './+types/user.builds';
import { apiOwnBuildList } from '~/api/serialize.server';
import { listUserBuilds } from '~/models/builds.server';
import { requireApiUser } from '~/api/request.server';

/** GET /api/user/builds (docs/product.md §7): the member's builds, newest first, whatever their review status. */
export function loader(args: Route.LoaderArgs) {
  const user = requireApiUser(args);
  return Response.json(apiOwnBuildList(listUserBuilds(user.id)));
}
