import type { Route } from './+types/builds.share';
import { shareToken, shareUrl } from '~/models/shares.server';
import { apiError, pathId } from '~/api/request.server';
import { env } from '~/services/env.server';

/**
 * POST /api/builds/{id}/share (docs/product.md §7) → `{ shareUrl }`: the build's one share
 * link, made on first use. The build page's Share dialog asks for it once.
 */
export function action({ params }: Route.ActionArgs) {
  const token = shareToken(pathId(params.id, 'Build not found'));
  if (!token) return apiError(404, 'Build not found', 'not_found');
  return Response.json({ shareUrl: shareUrl(env().PUBLIC_ORIGIN, token) });
}
