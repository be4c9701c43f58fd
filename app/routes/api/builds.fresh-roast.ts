import type { Route } from './+types/builds.fresh-roast';
import { freshRoastBodySchema } from '~/api/contract/builds';
import { apiRefusal, pathId, readJson, requireApiUser } from '~/api/request.server';
import { freshRoastRefusal, requestFreshRoast } from '~/models/builds.server';

/**
 * POST /api/builds/{id}/fresh-roast {roastIntensity}: the owner's "Get a fresh roast",
 * as the build page's form: once a day, at once after a failed roast.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const { roastIntensity } = await readJson(args.request, freshRoastBodySchema);
  const result = requestFreshRoast(buildId, user.id, roastIntensity);
  if (result.ok) return Response.json({ roastIntensity });
  return apiRefusal(freshRoastRefusal(result));
}
