import type { Route } from './+types/builds.part';
import { partCorrectionSchema } from '~/api/contract/build-details';
import { apiPart } from '~/api/serialize.server';
import { confirmPart, removePart } from '~/models/build-parts.server';
import { apiError, ownerRefusal, pathId, readJson, requireApiUser } from '~/api/request.server';

/**
 * PATCH /api/builds/{id}/parts/{partId}: confirm (with category and name: correct); DELETE:
 * remove. Any other method is answered 405 before it gets here (api-methods-guard.server.ts).
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const partId = pathId(args.params.partId, 'Part not found');
  if (args.request.method === 'DELETE') {
    const removed = removePart(buildId, user.id, partId);
    if (removed.ok) return Response.json({ message: 'Part removed' });
    return removed.reason === 'not_found' ? apiError(404, 'Part not found') : ownerRefusal(removed.reason);
  }
  const { category, name } = await readJson(args.request, partCorrectionSchema);
  const result = confirmPart(buildId, user.id, partId, category && name ? { category, name } : undefined);
  if (result.ok) return Response.json(apiPart(result.part));
  return result.reason === 'not_found' ? apiError(404, 'Part not found') : ownerRefusal('not_owner');
}
