import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { Route } from './+types/route';
import { freshRoastRefusal, requestFreshRoast } from '~/models/builds.server';
import { addComment, CommentError, deleteOwnComment } from '~/models/comments.server';
import { deleteAnyComment, hideBuild } from '~/models/moderation.server';
import { rateBuild, RatingError } from '~/models/ratings.server';
import { isReportReason, reportItem } from '~/models/reports.server';
import { isRoastReaction, reactToRoast } from '~/models/roast-reactions.server';
import { modelRoastRefusal, requestModelRoast } from '~/models/roasts.server';
import type { CurrentUser } from '~/domain/users';
import { isStaff } from '~/domain/permissions';
import { ratingNetworkOf } from '~/web/rating-network.server';
import { rejectForm } from '~/web/reject-form.server';
import { backTo } from '~/web/redirect-places.server';
import { redirectWithToast } from '~/web/toast.server';
import { type BuildPageQuery } from '~/utils/page-query';
import { commentHref, commentPlace, PLACES } from '~/utils/places';
import { commentSchema, freshRoastSchema } from '~/utils/schemas';

// The build page's intents; each answers with a redirect back to the page (and a toast), to the
// place of the control used (web/redirect-places.server.ts), or, for a refused comment, the page
// with the form's messages.

/** Stars for a build, back to `place` on the page at `back` (the build page's star input, or a competition's entry card). */
export function rate(request: Request, buildId: number, userId: number, rating: number, back: string, place: string = PLACES.rating) {
  const to = backTo(request, back, place);
  try {
    rateBuild({ buildId, userId, rating, network: ratingNetworkOf(request) });
  } catch (error) {
    if (!(error instanceof RatingError)) throw error;
    return redirectWithToast(to, { kind: 'error', title: `Failed to submit rating: ${error.message}` }, { status: 303 });
  }
  return redirectWithToast(to, { title: 'Rating submitted' }, { status: 303 });
}

/** 🔥 or 🥱 on the build's current roast; another press changes it. */
export function reactToRoastWith(request: Request, buildId: number, userId: number, reaction: FormDataEntryValue | null, back: string) {
  const to = backTo(request, back, PLACES.roastReactions);
  const fail = (description: string) => redirectWithToast(to, { kind: 'error', title: 'Reaction not saved', description }, { status: 303 });
  if (!isRoastReaction(reaction)) return fail('Choose 🔥 (landed) or 🥱 (missed).');
  const result = reactToRoast({ buildId, userId, reaction });
  if (result.ok)
    return redirectWithToast(to, { title: reaction === 'landed' ? 'Glad it landed 🔥' : 'Noted: that one missed 🥱' }, { status: 303 });
  if (result.reason === 'not_found') throw data(null, { status: 404 });
  return fail(result.reason === 'not_listed' ? 'This build is not listed.' : 'This build has no roast yet.');
}

/** A comment or a reply; posted, the page lands on it (in the order the page was in), with or without JavaScript. */
export async function comment(args: Route.ActionArgs, buildId: number, userId: number, formData: FormData, view: BuildPageQuery) {
  const submission = parseWithZod(formData, { schema: commentSchema });
  // The form shows the field's own message; a refusal from the model is shown as the form's.
  const fail = (message: string, result = submission.reply({ formErrors: [message] })) =>
    rejectForm(args, { result }, { toast: { kind: 'error', title: `Failed to add comment: ${message}` } });
  if (submission.status !== 'success') return fail(submission.error?.content?.[0] ?? 'Comment cannot be empty', submission.reply());
  try {
    const { id } = addComment({ buildId, userId, ...submission.value });
    return redirectWithToast(commentHref(buildId, id, view), { title: 'Comment added' }, { status: 303 });
  } catch (error) {
    if (error instanceof CommentError) return fail(error.message);
    throw error;
  }
}

/** Members delete their own comments; moderators and admins anyone's. */
export function deleteComment(request: Request, user: CurrentUser, commentId: number, back: string) {
  const deleted = deleteOwnComment(commentId, user.id) || (isStaff(user) && deleteAnyComment(user, commentId).ok);
  const to = backTo(request, back, PLACES.comments);
  return deleted
    ? redirectWithToast(to, { title: 'Comment deleted' })
    : redirectWithToast(to, { kind: 'error', title: 'Failed to delete comment', description: 'It was not yours, or it is already gone.' });
}

/** Moderators and admins take a listed build off the site until the queue decides. */
export async function hide(request: Request, user: CurrentUser, buildId: number, back: string) {
  const result = await hideBuild(user, buildId);
  // Hidden, the page is another: its top says so.
  if (result.ok)
    return redirectWithToast(back, { title: 'Build hidden', description: 'It waits in the moderation queue.' }, { status: 303 });
  if (result.reason === 'forbidden') throw data(null, { status: 403 });
  return redirectWithToast(
    backTo(request, back, PLACES.buildActions),
    { kind: 'error', title: 'Failed to hide build', description: 'It is not listed any more.' },
    { status: 303 },
  );
}

export function report(request: Request, buildId: number, userId: number, formData: FormData, back: string) {
  const reason = formData.get('reason');
  const commentId = Number(formData.get('commentId'));
  const to = backTo(request, back, commentId > 0 ? commentPlace(commentId) : PLACES.buildActions);
  if (!isReportReason(reason))
    return redirectWithToast(
      to,
      { kind: 'error', title: 'Failed to send report', description: 'Please choose a reason.' },
      { status: 303 },
    );
  const result = reportItem(userId, commentId > 0 ? { commentId } : { buildId }, reason);
  if (result === null) throw data(null, { status: 404 });
  return redirectWithToast(
    to,
    result === 'reported'
      ? { title: 'Report sent', description: 'Thank you. A moderator will look at it.' }
      : { title: 'Already reported', description: 'You have reported this before; a moderator will look at it.' },
    { status: 303 },
  );
}

/** A fresh roast, as hard as the owner chose (Medium when the form says nothing). */
export function askForFreshRoast(request: Request, buildId: number, userId: number, formData: FormData, back: string) {
  const to = backTo(request, back, PLACES.roast);
  const chosen = freshRoastSchema.safeParse({ roastIntensity: formData.get('roastIntensity') ?? undefined });
  if (!chosen.success) {
    const description = chosen.error.issues[0]?.message ?? 'Choose Gentle, Medium or Savage';
    return redirectWithToast(to, { kind: 'error', title: 'No fresh roast this time', description }, { status: 303 });
  }
  const result = requestFreshRoast(buildId, userId, chosen.data.roastIntensity);
  if (result.ok) {
    return redirectWithToast(
      to,
      { title: 'A fresh roast is on its way', description: 'The AI is taking another look at your build.' },
      { status: 303 },
    );
  }
  if (result.reason === 'not_found') throw data(null, { status: 404 });
  const description = freshRoastRefusal(result).message;
  return redirectWithToast(to, { kind: 'error', title: 'No fresh roast this time', description }, { status: 303 });
}

/** The owner asks the model for the roast the built-in roaster wrote in its place when it was too slow. */
export function askForModelRoast(request: Request, buildId: number, userId: number, back: string) {
  const to = backTo(request, back, PLACES.modelRoast);
  const result = requestModelRoast(buildId, userId);
  if (result.ok) {
    return redirectWithToast(
      to,
      { title: 'The AI model is on it', description: 'Its roast replaces this one when it lands, in a few minutes.' },
      { status: 303 },
    );
  }
  if (result.reason === 'not_found') throw data(null, { status: 404 });
  const description = modelRoastRefusal(result).message;
  return redirectWithToast(to, { kind: 'error', title: 'Not this time', description }, { status: 303 });
}
