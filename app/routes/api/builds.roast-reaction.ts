import type { Route } from './+types/builds.roast-reaction';
import { roastReactionBodySchema } from '~/api/contract/builds';
import { apiError, pathId, readJson, requireApiUser } from '~/api/request.server';
import { findBuildDetail } from '~/models/builds.server';
import { reactToRoast, roastReactionsOf } from '~/models/roast-reactions.server';

/**
 * POST /api/builds/{id}/roast-reaction {reaction}: the signed-in member's 🔥 or 🥱 on
 * the build's current roast, as the build page's buttons; answers the roast's counts.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const { reaction } = await readJson(args.request, roastReactionBodySchema);
  const result = reactToRoast({ buildId, userId: user.id, reaction });
  // An unlisted build is answered as one that does not exist, as everywhere else.
  if (!result.ok) return result.reason === 'not_roasted' ? apiError(409, 'This build has no roast yet.') : apiError(404, 'Build not found');
  const roastedAt = findBuildDetail(buildId)?.roastedAt;
  if (!roastedAt) return apiError(404, 'Build not found');
  return Response.json(roastReactionsOf(buildId, roastedAt, user.id));
}
