import type { Route } from './+types/builds.roast-reactions';
import { apiError, pathId } from '~/api/request.server';
import { findBuildDetail, isListed } from '~/models/builds.server';
import { roastReactionsOf } from '~/models/roast-reactions.server';
import { currentUser } from '~/web/session.server';

/** GET /api/builds/{id}/roast-reactions: the current roast's 🔥 and 🥱 counts, and the member's own reaction. */
export function loader(args: Route.LoaderArgs) {
  const buildId = pathId(args.params.id, 'Build not found');
  const build = findBuildDetail(buildId);
  if (!build || !isListed(build)) return apiError(404, 'Build not found');
  const viewer = currentUser(args);
  return Response.json(
    build.roastedAt ? roastReactionsOf(buildId, build.roastedAt, viewer?.id ?? null) : { landed: 0, missed: 0, mine: null },
  );
}
