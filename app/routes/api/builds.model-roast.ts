import type { Route } from './+types/builds.model-roast';
import { apiRefusal, pathId, requireApiUser } from '~/api/request.server';
import { modelRoastRefusal, requestModelRoast } from '~/models/roasts.server';

/**
 * POST /api/builds/{id}/model-roast: the owner's "Get the AI model's roast instead", as
 * the build page's form, under a roast the built-in roaster wrote because the model was too slow.
 */
export function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const result = requestModelRoast(buildId, user.id);
  if (result.ok) return Response.json({ queued: true });
  return apiRefusal(modelRoastRefusal(result));
}
