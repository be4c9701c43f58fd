import type { Route } from './+types/builds.model-roast';
import { apiError, pathId, requireApiUser } from '~/api/request.server';
import { requestModelRoast } from '~/models/roasts.server';
import { waitText } from '~/utils/dates';

/**
 * POST /api/builds/{id}/model-roast: the owner's "Get the AI model's roast instead", as
 * the build page's form, under a roast the built-in roaster wrote because the model was too slow.
 */
export function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const result = requestModelRoast(buildId, user.id);
  if (result.ok) return Response.json({ queued: true });
  switch (result.reason) {
    case 'not_found':
      return apiError(404, 'Build not found');
    case 'not_owner':
      return apiError(403, 'Only the owner of this build can ask the AI model for its roast.');
    case 'not_needed':
      return apiError(409, 'This roast is already the one the AI model wrote.');
    case 'waiting':
      return apiError(409, 'The AI model is already writing its roast of this build.');
    case 'too_many':
      return apiError(429, `You have asked the AI model often today. Try again in ${waitText(result.retryAfterMs)}.`, undefined, {
        headers: { 'Retry-After': String(Math.ceil(result.retryAfterMs / 1000)) },
      });
  }
}
