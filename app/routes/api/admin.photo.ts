import type { Route } from './+types/admin.photo';
import { onlyMethod, writeOnly } from '~/api/admin.server';
import { photoDecisionBody } from '~/api/contract/admin';
import { apiError, pathId, readJson, requireApiStaff } from '~/api/request.server';
import { decideHeldPhoto } from '~/models/photo-moderation.server';

/** PATCH /api/admin/photos/{id} {approve, reason}: the moderation queue's Show photo and Remove photo. */
export const loader = writeOnly('PATCH');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'PATCH');
  const staff = requireApiStaff(args);
  const photoId = pathId(args.params.id, 'Photo not found');
  const decision = await readJson(args.request, photoDecisionBody);
  const result = await decideHeldPhoto(staff, photoId, decision);
  if (!result.ok) return apiError(404, 'This photo is not waiting for a moderator: it was already dealt with, or does not exist.');
  return Response.json({ message: decision.approve ? 'Photo shown' : 'Photo removed' });
}
