import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { keepPendingComment, PENDING_COMMENT_TTL_MS, postPendingComment, type PostedComment } from '~/models/pending-comments.server';
import { commentSchema } from '~/utils/schemas';
import { clientAddressOf } from './client-address.server';
import { appCookie } from './cookies.server';
import { rejectForm } from './reject-form.server';
import { redirectWithToast, type RequestArgs } from './toast.server';

// A guest's comment waiting for them to sign in: its id, in a signed cookie, so the
// comment is posted right after sign-in, without JavaScript too. The words stay on the
// server: never in an address that ends up in a log.
const pendingCommentCookie = appCookie('rr_pending_comment', { maxAge: PENDING_COMMENT_TTL_MS / 1000 });

async function pendingCommentId(request: Request): Promise<string | null> {
  const id: unknown = await pendingCommentCookie().parse(request.headers.get('Cookie'));
  return typeof id === 'string' && id ? id : null;
}

/**
 * A guest pressed Post (without JavaScript; with it, Login or Register in the sign-in
 * dialog): the comment is kept for this browser and they go to sign in (or register,
 * `signIn=register`), to come back to `back`. Signing in posts it (completeSignIn). A
 * post with nothing to keep only goes to sign in; one refused by the address's
 * allowance is answered with the page, the words still in the box.
 */
export async function keepGuestComment(args: RequestArgs, buildId: number, formData: FormData, back: string) {
  const params = new URLSearchParams(formData.get('signIn') === 'register' ? { tab: 'register' } : {});
  params.set('redirectTo', back);
  const signIn = `/auth?${params}`;
  const submission = parseWithZod(formData, { schema: commentSchema });
  if (submission.status !== 'success') return redirect(signIn, 303);
  const kept = keepPendingComment({
    buildId,
    ...submission.value,
    address: clientAddressOf(args.request),
    replaces: await pendingCommentId(args.request),
  });
  if (!kept.ok && kept.reason === 'not_found') throw data(null, { status: 404 });
  if (!kept.ok) {
    const message = 'Too many comments were kept for sign-in from your network lately. Sign in first, then post it.';
    return rejectForm(
      args,
      { result: submission.reply({ formErrors: [message] }) },
      { status: 429, toast: { kind: 'error', title: 'Comment not kept', description: message } },
    );
  }
  return redirectWithToast(
    signIn,
    {
      kind: 'info',
      title: 'Sign in to post your comment',
      description: 'It waits for you for an hour and is posted as soon as you are in.',
    },
    { status: 303, headers: { 'Set-Cookie': await pendingCommentCookie().serialize(kept.id) } },
  );
}

/** The browser's kept comment posted as `userId`'s (null when it kept none), and the header that forgets it. */
export async function finishPendingComment(request: Request, userId: number): Promise<{ posted: PostedComment; forget: string } | null> {
  const id = await pendingCommentId(request);
  if (!id) return null;
  return { posted: postPendingComment(id, userId), forget: await pendingCommentCookie().serialize('', { maxAge: 0 }) };
}
