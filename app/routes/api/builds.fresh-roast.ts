import type { Route } from './+types/builds.fresh-roast';
import { freshRoastBodySchema } from '~/api/contract/builds';
import { apiError, pathId, readJson, requireApiUser } from '~/api/request.server';
import { requestFreshRoast } from '~/models/builds.server';
import { waitText } from '~/utils/dates';

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
  switch (result.reason) {
    case 'not_found':
      return apiError(404, 'Build not found');
    case 'not_owner':
      return apiError(403, 'Only the owner of this build can ask for a fresh roast.');
    case 'not_listed':
      return apiError(409, 'This build can be roasted again once it has passed review.');
    case 'busy':
      return apiError(409, 'A roast of this build is already being written.');
    case 'too_soon':
      return apiError(429, `You can ask for a fresh roast once a day. Try again in ${waitText(result.retryAfterMs)}.`, undefined, {
        headers: { 'Retry-After': String(Math.ceil(result.retryAfterMs / 1000)) },
      });
  }
}
