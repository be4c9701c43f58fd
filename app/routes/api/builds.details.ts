import type { Route } from './+types/builds.details';
import { detailsBodySchema } from '~/api/contract/build-details';
import { updateBuildDetails } from '~/models/build-details.server';
import { ownerRefusal, pathId, readJson, requireApiUser } from '~/api/request.server';

/** POST /api/builds/{id}/details {description, tags}: the owner's words and tags, both replaced. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const details = await readJson(args.request, detailsBodySchema);
  const result = updateBuildDetails(buildId, user.id, details);
  if (!result.ok) return ownerRefusal(result.reason);
  return Response.json(details);
}
