import type { Route } from './+types/builds.photo-alt';
import { photoAltBodySchema } from '~/api/contract/build-details';
import { setPhotoAlt } from '~/models/photo-alts.server';
import { ownerRefusal, pathId, readJson, requireApiUser } from '~/api/request.server';

/** POST /api/builds/{id}/photo-alt {photo, alt}: the owner's description of one photo ("main" or an extra photo's id). */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const { photo, alt } = await readJson(args.request, photoAltBodySchema);
  const result = setPhotoAlt(buildId, user.id, photo, alt);
  if (!result.ok) return ownerRefusal(result.reason);
  return Response.json({ photo, alt });
}
