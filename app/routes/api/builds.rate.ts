import type { Route } from './+types/builds.rate';
import { rateBodySchema } from '~/api/contract/builds';
import { findBuild } from '~/models/builds.server';
import { rateBuild, RatingError } from '~/models/ratings.server';
import { apiError, pathId, readJson, requireApiUser } from '~/api/request.server';
import { ratingNetworkOf } from '~/web/rating-network.server';

const REFUSALS = { invalid: 400, not_found: 404, own_build: 403 } as const;

/**
 * POST /api/builds/{id}/rate {rating} (docs/product.md §7): the signed-in member's rating;
 * any userId in the body is ignored. Answers the build's new totals.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const { rating } = await readJson(args.request, rateBodySchema);
  try {
    rateBuild({ buildId, userId: user.id, rating, network: ratingNetworkOf(args.request) });
  } catch (error) {
    if (error instanceof RatingError) return apiError(REFUSALS[error.reason], error.message);
    throw error;
  }
  // Hidden by a moderator a moment ago: the rating stands, but the build is gone from view.
  const build = findBuild(buildId);
  if (!build) return apiError(404, 'Build not found');
  return Response.json({ rating, totalRating: build.totalRating, ratingCount: build.ratingCount, averageRating: build.averageRating });
}
