import type { CurrentUser } from '~/domain/users';
import { commentHref } from '~/utils/places';
import { clearAuthFlow } from './auth.server';
import { finishPendingComment } from './pending-comment.server';
import { finishPendingUpload, forgetPendingUpload, pendingUploadRefusal } from './pending-upload.server';
import { startSession } from './session.server';
import { redirectWithToast } from './toast.server';
import { buildPath } from '~/utils/build-path';

/**
 * Every successful sign-in ends here: the session starts, the sign-in flow is
 * cleared, a guest's waiting comment is posted as theirs, and a guest's waiting
 * upload becomes their build (docs/product.md §4 "Guest upload"), landing them on it; else
 * they land on the comment, or go on to `redirectTo`. A suspended member's upload
 * and comment are not published (the models refuse them): the upload waits on the
 * upload page, where they land and are told why; the comment is dropped, and they
 * are told so.
 */
export async function completeSignIn(request: Request, user: Pick<CurrentUser, 'id' | 'username'>, redirectTo: string) {
  const headers = new Headers();
  headers.append('Set-Cookie', await startSession(request, user.id));
  headers.append('Set-Cookie', await clearAuthFlow());
  const comment = await finishPendingComment(request, user.id);
  if (comment) headers.append('Set-Cookie', comment.forget);
  const posted = comment?.posted;
  const welcome = `Welcome, ${user.username}.`;
  const finished = await finishPendingUpload(request, user.id);
  if ('buildId' in finished) {
    headers.append('Set-Cookie', await forgetPendingUpload());
    return redirectWithToast(
      buildPath(finished.buildId),
      {
        title: 'Upload successful',
        description: `${welcome} Your build is being roasted by AI.${posted?.ok ? ' Your comment is posted too.' : ''}`,
      },
      { headers },
    );
  }
  if (finished.refused === 'suspended') {
    return redirectWithToast(
      '/upload',
      { kind: 'info', title: 'Login successful', description: `${welcome} ${pendingUploadRefusal(finished)}` },
      { headers },
    );
  }
  if (posted?.ok) {
    return redirectWithToast(
      commentHref(posted.buildId, posted.commentId),
      { title: 'Comment added', description: `${welcome} Your comment is posted.` },
      { headers },
    );
  }
  if (posted) {
    const why = posted.reason === 'expired' ? 'it waited more than an hour (or another tab posted it).' : posted.message;
    return redirectWithToast(
      redirectTo || '/',
      { kind: 'info', title: 'Login successful', description: `${welcome} Your comment was not posted: ${why}` },
      { headers },
    );
  }
  return redirectWithToast(redirectTo || '/', { title: 'Login successful', description: `Welcome, ${user.username}` }, { headers });
}
