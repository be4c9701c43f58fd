import { parseWithZod } from '@conform-to/zod/v4';
import { useCallback, useState } from 'react';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/build';
import { Avatar } from '~/components/avatar';
import { CloseIcon, ShareIcon } from '~/components/icons';
import { ResponsiveImage } from '~/components/responsive-image';
import { RoastBox } from '~/components/roast-box';
import { ShareDialog } from '~/components/share-dialog';
import { RatingSummary } from '~/components/rating-summary';
import { Comments, ReportForm } from '~/components/comments';
import { StarInput } from '~/components/star-input';
import { buttonClass } from '~/components/ui/button';
import { canSeeBuild, findBuildDetail, freshRoastWaitMs, requestFreshRoast } from '~/models/builds.server';
import { addComment, CommentError, deleteOwnComment, listThreads } from '~/models/comments.server';
import { imageSources, largestVariantUrl } from '~/models/images.server';
import { deleteAnyComment, hideBuild } from '~/models/moderation.server';
import { isStaff } from '~/domain/permissions';
import { memberRating, rateBuild, RatingError } from '~/models/ratings.server';
import type { CurrentUser } from '~/models/users.server';
import { isReportReason, REPORT_REASONS, reportItem } from '~/models/reports.server';
import { roastView } from '~/models/roasts.server';
import { buildSocial } from '~/models/social-cards.server';
import { currentUser, requireUser } from '~/web/session.server';
import { dataWithToast, redirectWithToast } from '~/web/toast.server';
import { COMMENT_THREADS_SHOWN, ROAST_POLL_MS } from '~/utils/constants';
import { relativeTime, waitText } from '~/utils/dates';
import { pageMeta, socialMeta } from '~/utils/meta';
import { commentSchema } from '~/utils/schemas';

export function loader(args: Route.LoaderArgs) {
  const build = findBuildDetail(Number(args.params.id));
  const viewer = currentUser(args);
  // A build still being screened, held or rejected does not exist for anyone but its owner and moderators.
  if (!build || !canSeeBuild(build, viewer)) throw data(null, { status: 404 });
  const roast = roastView(build);
  const { searchParams } = args.url;
  const { threads, threadCount } = listThreads(build.id, searchParams.get('comments') === 'all' ? undefined : COMMENT_THREADS_SHOWN);
  const replyTo = Number(searchParams.get('replyTo'));
  const isOwner = viewer?.id === build.userId;
  const canAskAgain = isOwner && (roast.state === 'roasted' || roast.state === 'failed') && !build.roasting;
  return {
    build: {
      id: build.id,
      title: build.title,
      username: build.username,
      avatarUrl: build.avatarUrl,
      averageRating: build.averageRating,
      ratingCount: build.ratingCount,
      createdAt: build.createdAt.getTime(),
      commentCount: build.commentCount,
      listed: build.reviewStatus === 'approved',
    },
    viewer: viewer ? { id: viewer.id, isOwner: viewer.id === build.userId, rating: memberRating(build.id, viewer.id), canModerate: isStaff(viewer) } : null,
    comments: {
      threads: threads.map((thread) => ({
        ...thread,
        createdAt: thread.createdAt.getTime(),
        replies: thread.replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.getTime() })),
      })),
      threadCount,
      replyTo: threads.some((thread) => thread.id === replyTo) ? replyTo : null,
    },
    reportReasons: REPORT_REASONS,
    // OpenGraph and Twitter card tags; null while the build is not listed.
    social: buildSocial(build),
    roast,
    freshRoast: canAskAgain ? { waitMs: freshRoastWaitMs({ requestedAt: build.roastRequestedAt, failedAt: build.roastFailedAt }) } : null,
    image: imageSources([build.imageId]).get(build.imageId) ?? null,
    fullSize: largestVariantUrl(build.imageId),
    now: Date.now(),
  };
}

/** Rating, commenting, deleting a comment, reporting, the owner's fresh roast, and a moderator hiding the build. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const buildId = Number(args.params.id);
  const formData = await args.request.formData();
  const back = `/build/${buildId}`;
  switch (formData.get('intent')) {
    case 'rate':
      return rate(buildId, user.id, Number(formData.get('rating')), back);
    case 'comment':
      return comment(args, buildId, user.id, formData, back);
    case 'delete-comment':
      return deleteComment(user, Number(formData.get('commentId')), back);
    case 'hide-build':
      return hide(user, buildId, back);
    case 'report':
      return report(buildId, user.id, formData, back);
    case 'fresh-roast':
      return freshRoast(buildId, user.id, back);
    default:
      throw data(null, { status: 400 });
  }
}

function rate(buildId: number, userId: number, rating: number, back: string) {
  try {
    rateBuild({ buildId, userId, rating });
  } catch (error) {
    if (!(error instanceof RatingError)) throw error;
    return redirectWithToast(back, { kind: 'error', title: `Failed to submit rating: ${error.message}` }, { status: 303 });
  }
  return redirectWithToast(back, { title: 'Rating submitted' }, { status: 303 });
}

async function comment(args: Route.ActionArgs, buildId: number, userId: number, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: commentSchema });
  // The form shows the field's own message; a refusal from the model is shown as the form's.
  const fail = (message: string, result = submission.reply({ formErrors: [message] })) =>
    dataWithToast(args, { result }, { kind: 'error', title: `Failed to add comment: ${message}` }, { status: 400 });
  if (submission.status !== 'success') return fail(submission.error?.content?.[0] ?? 'Comment cannot be empty', submission.reply());
  try {
    const { id } = addComment({ buildId, userId, ...submission.value });
    return redirectWithToast(`${back}#comment-${id}`, { title: 'Comment added' }, { status: 303 });
  } catch (error) {
    if (error instanceof CommentError) return fail(error.message);
    throw error;
  }
}

/** Members delete their own comments; moderators and admins anyone's. */
function deleteComment(user: CurrentUser, commentId: number, back: string) {
  const deleted = deleteOwnComment(commentId, user.id) || (isStaff(user) && deleteAnyComment(user, commentId).ok);
  return deleted
    ? redirectWithToast(`${back}#comments-title`, { title: 'Comment deleted' })
    : redirectWithToast(back, { kind: 'error', title: 'Failed to delete comment', description: 'It was not yours, or it is already gone.' });
}

/** Moderators and admins take a listed build off the site until the queue decides. */
async function hide(user: CurrentUser, buildId: number, back: string) {
  const result = await hideBuild(user, buildId);
  if (result.ok) return redirectWithToast(back, { title: 'Build hidden', description: 'It waits in the moderation queue.' }, { status: 303 });
  if (result.reason === 'forbidden') throw data(null, { status: 403 });
  return redirectWithToast(back, { kind: 'error', title: 'Failed to hide build', description: 'It is not listed any more.' }, { status: 303 });
}

function report(buildId: number, userId: number, formData: FormData, back: string) {
  const reason = formData.get('reason');
  const commentId = Number(formData.get('commentId'));
  if (!isReportReason(reason)) return redirectWithToast(back, { kind: 'error', title: 'Failed to send report', description: 'Please choose a reason.' }, { status: 303 });
  const result = reportItem(userId, commentId > 0 ? { commentId } : { buildId }, reason);
  if (result === null) throw data(null, { status: 404 });
  return redirectWithToast(
    back,
    result === 'reported'
      ? { title: 'Report sent', description: 'Thank you. A moderator will look at it.' }
      : { title: 'Already reported', description: 'You have reported this before; a moderator will look at it.' },
    { status: 303 },
  );
}

function freshRoast(buildId: number, userId: number, back: string) {
  const result = requestFreshRoast(buildId, userId);
  if (result.ok) {
    return redirectWithToast(back, { title: 'A fresh roast is on its way', description: 'The AI is taking another look at your build.' }, { status: 303 });
  }
  if (result.reason === 'not_found') throw data(null, { status: 404 });
  const description = {
    not_owner: 'Only the owner of this build can ask for a fresh roast.',
    not_listed: 'This build can be roasted again once it has passed review.',
    busy: 'A roast of this build is already being written.',
    too_soon: `You can ask for a fresh roast once a day. Try again in ${result.reason === 'too_soon' ? waitText(result.retryAfterMs) : ''}.`,
  }[result.reason];
  return redirectWithToast(back, { kind: 'error', title: 'No fresh roast this time', description }, { status: 303 });
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const tags = pageMeta(
    loaderData?.build.title ?? 'Build',
    loaderData?.social?.description ?? 'A PC build on RigRoast with its AI roast, ratings and comments.',
  );
  if (loaderData?.social) return [...tags, ...socialMeta(loaderData.social)];
  return loaderData?.build.listed === false ? [...tags, { name: 'robots', content: 'noindex' }] : tags;
};

export default function Build({ loaderData, actionData }: Route.ComponentProps) {
  const { build, roast, freshRoast, image, fullSize, now, viewer, comments, reportReasons } = loaderData;
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      {roast.state === 'waiting' ? (
        // Without JavaScript the page reloads itself until the roast is there.
        <noscript>
          <meta httpEquiv="refresh" content={String(ROAST_POLL_MS / 1000)} />
        </noscript>
      ) : null}
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="display break-words text-3xl sm:text-4xl">{build.title}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="flex items-center gap-2">
              <Avatar username={build.username} avatarUrl={build.avatarUrl} />
              <span className="font-semibold text-neon-cyan">@{build.username}</span>
            </span>
            <span aria-hidden="true">·</span>
            <time dateTime={new Date(build.createdAt).toISOString()}>{relativeTime(build.createdAt, now)}</time>
          </p>
        </div>
        <Link to="/gallery" className="rounded-full border border-line p-2.5 text-muted hover:border-neon-cyan hover:text-ink" aria-label="Close and go to the gallery">
          <CloseIcon />
        </Link>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          {image ? (
            <a href={fullSize ?? undefined} className="block overflow-hidden rounded-2xl border border-line" aria-label="Open the full-size photo">
              <ResponsiveImage image={image} alt={`Photo of ${build.title}`} sizes="(min-width: 1024px) 40rem, 100vw" priority />
            </a>
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <RatingSummary averageRating={build.averageRating} ratingCount={build.ratingCount} />
          {build.listed ? <ShareButton buildId={build.id} title={build.title} /> : null}
          {build.listed && !viewer?.isOwner ? <StarInput buildId={build.id} current={viewer?.rating ?? null} signedIn={viewer !== null} /> : null}
          <RoastBox view={roast}>
            {freshRoast ? <FreshRoast waitMs={freshRoast.waitMs} failed={roast.state === 'failed'} /> : null}
          </RoastBox>
          {build.listed && viewer && !viewer.isOwner ? (
            <div className="flex flex-wrap items-start gap-4 text-sm">
              <ReportForm reasons={reportReasons} target={{ buildId: build.id }} />
              {viewer.canModerate ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="hide-build" />
                  <button type="submit" className="font-semibold text-muted hover:text-danger">
                    Hide this build
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {build.listed ? (
        <div className="mt-12 max-w-3xl">
          <Comments
            buildId={build.id}
            threads={comments.threads}
            threadCount={comments.threadCount}
            commentCount={build.commentCount}
            replyTo={comments.replyTo}
            viewerId={viewer?.id ?? null}
            canModerate={viewer?.canModerate ?? false}
            reportReasons={reportReasons}
            lastResult={actionData?.result ?? null}
            now={now}
          />
        </div>
      ) : null}
    </article>
  );
}

/** Without JavaScript a post to the share page; with it, the Share dialog. */
function ShareButton({ buildId, title }: { buildId: number; title: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Form
        method="post"
        action={`/build/${buildId}/share`}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <button type="submit" className={buttonClass('ghost', 'md', 'w-full')}>
          <ShareIcon />
          Share
        </button>
      </Form>
      {open ? <ShareDialog buildId={buildId} title={title} onClose={close} /> : null}
    </>
  );
}

function FreshRoast({ waitMs, failed }: { waitMs: number; failed: boolean }) {
  if (waitMs > 0) {
    return <p className="mt-4 text-sm text-muted">You can ask for a fresh roast again in {waitText(waitMs)}.</p>;
  }
  return (
    <Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="fresh-roast" />
      <button type="submit" className={buttonClass('ghost', 'sm')}>
        {failed ? 'Try again' : 'Get a fresh roast'}
      </button>
    </Form>
  );
}
