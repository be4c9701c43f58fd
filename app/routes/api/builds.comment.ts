import type { Route } from './+types/builds.comment';
import { commentBodySchema } from '~/api/contract/builds';
import { apiComment } from '~/api/serialize';
import { addComment, CommentError } from '~/models/comments.server';
import { apiError, pathId, readJson, requireApiUser } from '~/api/request.server';

/**
 * POST /api/builds/{id}/comment {content, parentCommentId?} (docs/product.md §7): the
 * signed-in member's comment or reply; the userId, username and avatarUrl the
 * web client also sends are ignored. Answers the comment as stored.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const body = await readJson(args.request, commentBodySchema);
  try {
    const comment = addComment({ buildId, userId: user.id, ...body });
    return Response.json(apiComment({ ...comment, username: user.username, avatarUrl: user.avatarUrl, isAI: false, deleted: false }), {
      status: 201,
    });
  } catch (error) {
    if (error instanceof CommentError) return apiError(error.reason === 'not_found' ? 404 : 400, error.message);
    throw error;
  }
}
