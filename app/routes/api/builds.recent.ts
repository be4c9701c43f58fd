import type { Route } from './+types/builds.recent';
import { RECENT_BUILDS_MAX } from '~/api/contract/builds';
import { apiBuildList } from '~/api/serialize.server';
import { listRecentBuilds } from '~/models/builds.server';
import { limitParam } from '~/api/request.server';
import { GALLERY_PAGE_SIZE } from '~/utils/constants';

/** GET /api/builds/recent?limit= (docs/product.md §7): listed builds, newest first. */
export function loader({ url }: Route.LoaderArgs) {
  return Response.json(apiBuildList(listRecentBuilds(limitParam(url, GALLERY_PAGE_SIZE, RECENT_BUILDS_MAX))));
}
