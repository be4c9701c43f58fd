import type { Route } from './+types/share';
import { apiBuildSummary } from '~/api/serialize';
import { apiImageUrl } from '~/api/serialize.server';
import { findSharedBuild } from '~/models/shares.server';
import { apiError } from '~/api/request.server';

/** GET /api/share/{token} (docs/product.md §7): the build a share link shows; 404 for an unknown or expired link. */
export function loader({ params }: Route.LoaderArgs) {
  const build = findSharedBuild(params.token);
  if (!build) return apiError(404, 'This shared build link has expired or does not exist.');
  return Response.json(apiBuildSummary(build, apiImageUrl(build.imageId)));
}
