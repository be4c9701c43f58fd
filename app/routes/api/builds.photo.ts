import type { Route } from './+types/builds.photo';
import { onlyMethod, writeOnly } from '~/api/admin.server';
import { removeBuildPhoto } from '~/models/build-photos.server';
import { apiError, ownerRefusal, pathId, requireApiUser } from '~/api/request.server';

export const loader = writeOnly('DELETE');

/** DELETE /api/builds/{id}/photos/{photoId}: the owner removes an extra photo. */
export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'DELETE');
  const user = requireApiUser(args);
  const result = await removeBuildPhoto(pathId(args.params.id, 'Build not found'), user.id, pathId(args.params.photoId, 'Photo not found'));
  if (result.ok) return Response.json({ message: 'Photo removed' });
  return result.reason === 'not_found' ? apiError(404, 'Photo not found') : ownerRefusal(result.reason);
}
