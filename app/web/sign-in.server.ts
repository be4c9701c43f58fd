import type { CurrentUser } from '~/domain/users';
import { clearAuthFlow } from './auth.server';
import { finishPendingUpload, forgetPendingUpload, pendingUploadRefusal } from './pending-upload.server';
import { startSession } from './session.server';
import { redirectWithToast } from './toast.server';

/**
 * Every successful sign-in ends here: the session starts, the sign-in flow is
 * cleared, and a guest's waiting upload becomes their build (spec §4 "Guest
 * upload"), landing them on it; otherwise they go on to `redirectTo`. A suspended
 * member's upload is not published (the model refuses it): it waits on the upload
 * page, where they land and are told why.
 */
export async function completeSignIn(request: Request, user: Pick<CurrentUser, 'id' | 'username'>, redirectTo: string) {
  const headers = new Headers();
  headers.append('Set-Cookie', await startSession(request, user.id));
  headers.append('Set-Cookie', await clearAuthFlow());
  const finished = await finishPendingUpload(request, user.id);
  if ('buildId' in finished) {
    headers.append('Set-Cookie', await forgetPendingUpload());
    return redirectWithToast(
      `/build/${finished.buildId}`,
      { title: 'Upload successful', description: `Welcome, ${user.username}. Your build is being roasted by AI.` },
      { headers },
    );
  }
  if (finished.refused === 'suspended') {
    return redirectWithToast(
      '/upload',
      { kind: 'info', title: 'Login successful', description: `Welcome, ${user.username}. ${pendingUploadRefusal(finished)}` },
      { headers },
    );
  }
  return redirectWithToast(redirectTo || '/', { title: 'Login successful', description: `Welcome, ${user.username}` }, { headers });
}
