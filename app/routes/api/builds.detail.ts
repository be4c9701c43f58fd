import type { Route } from './+types/builds.detail';
import { apiBuildDetail } from '~/api/serialize';
import { apiBuildExtras, apiImageUrl } from '~/api/serialize.server';
import { canSeeBuild, findBuildDetail, isListed } from '~/models/builds.server';
import { listThreads } from '~/models/comments.server';
import { glowUpStory } from '~/models/glow-ups.server';
import { roastQueueOf } from '~/models/roast-queue.server';
import { apiError, pathId } from '~/api/request.server';
import { currentUser } from '~/web/session.server';
import { COMMENT_THREADS_SHOWN } from '~/utils/constants';
import { buildPageQuery } from '~/utils/page-query';

/**
 * GET /api/builds/{id} (docs/product.md §7): the build with its comment threads, as the
 * build page shows them (`?comments=all`, `?sort=top`). A build screening has not approved is a 404 for all but
 * its owner and moderators, as on the page. `glowUpOf` and `glowUps` tell its rig's story.
 */
export function loader(args: Route.LoaderArgs) {
  const build = findBuildDetail(pathId(args.params.id, 'Build not found'));
  const viewer = currentUser(args);
  if (!build || !canSeeBuild(build, viewer)) return apiError(404, 'Build not found');
  // Read as the page reads them: anything else is the default.
  const view = buildPageQuery(args.url.searchParams);
  const comments = listThreads(build.id, view.comments === 'all' ? undefined : COMMENT_THREADS_SHOWN, view.sort);
  const ownerAsks = viewer?.id === build.userId;
  // The rig's story as the caller may see it, as on the page.
  const story = glowUpStory(build.id, viewer);
  return Response.json({
    ...apiBuildDetail(
      { ...build, listed: isListed(build) },
      apiImageUrl(build.imageId),
      comments,
      apiBuildExtras(build, ownerAsks),
      // Its place in line is the owner's alone, as on the page.
      ownerAsks && !build.roast ? roastQueueOf(build.id) : null,
    ),
    glowUpOf: story?.before?.build.id ?? null,
    glowUps: story?.glowUps.map((glowUp) => glowUp.id) ?? [],
  });
}
