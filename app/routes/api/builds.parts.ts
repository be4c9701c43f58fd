import type { Route } from './+types/builds.parts';
import { partBodySchema } from '~/api/contract/build-details';
import { apiPart } from '~/api/serialize.server';
import { addPart } from '~/models/build-parts.server';
import { MAX_BUILD_PARTS } from '~/domain/build-parts';
import { apiError, ownerRefusal, pathId, readJson, requireApiUser } from '~/api/request.server';

/** POST /api/builds/{id}/parts {category, name}: the owner adds a part, confirmed. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const part = await readJson(args.request, partBodySchema);
  const result = addPart(buildId, user.id, part);
  if (result.ok) return Response.json(apiPart(result.part), { status: 201 });
  if (result.reason === 'too_many') return apiError(409, `A build lists at most ${MAX_BUILD_PARTS} parts`);
  return ownerRefusal(result.reason);
}
