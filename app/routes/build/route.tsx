import { data, Form, Link, type ShouldRevalidateFunction, useLocation } from 'react-router';
import type { Route } from './+types/route';
import { askForFreshRoast, askForModelRoast, comment, deleteComment, hide, rate, reactToRoastWith, report } from './actions.server';
import { FreshRoast } from './fresh-roast';
import { SlowModelNote } from './slow-model';
import { BuildAbout, OwnerEditLink } from './build-about';
import { PhotoCheck } from './photo-check';
import { ReplyPoll } from './reply-poll';
import { type Awaited, pageUpdates } from './page-updates';
import { UpdatesNotice } from './updates-notice';
import { RoastQueueNote } from './roast-queue';
import { PhotoGallery } from './photo-gallery';
import { PhotoAlts } from './photo-alts';
import { GlowUpStory, type StoryView } from './glow-up-story';
import type { AltPhoto } from '~/components/photo-alt-form';
import { ShareButton } from './share-button';
import { Avatar } from '~/components/avatar';
import { toRigPhoto } from '~/components/rig-photo';
import { BuildRibbons, ribbonData } from '~/components/competition/trophies';
import { CloseIcon } from '~/components/icons';
import { RoastBox } from '~/components/roast-box';
import { SharedRegion } from '~/components/shared-region';
import { RoastReactions } from '~/components/roast-reactions';
import { RatingSummary } from '~/components/rating-summary';
import { Comments, ReportForm } from '~/components/comments';
import { StarInput } from '~/components/star-input';
import { buildTagLabel } from '~/domain/build-tags';
import type { CommentSort } from '~/domain/comments';
import { parseMarkdownLite } from '~/domain/markdown-lite';
import { buildTagsOf } from '~/models/build-details.server';
import { confirmedParts, listParts } from '~/models/build-parts.server';
import { galleryPhotos, listBuildPhotos } from '~/models/build-photos.server';
import { canSeeBuild, findBuildDetail, freshRoastOffer, isListed } from '~/models/builds.server';
import { awaitedAiReplies, listThreads } from '~/models/comments.server';
import { suspensionNotice } from '~/models/member-moderation.server';
import { buildWins } from '~/models/competition-wins.server';
import { glowUpStory, type StoryBuild } from '~/models/glow-ups.server';
import { imageSources } from '~/images/records.server';
import { improvement } from '~/domain/glow-ups';
import { isStaff } from '~/domain/permissions';
import { memberRating } from '~/models/ratings.server';
import { REPORT_REASONS } from '~/models/reports.server';
import { roastReactionsOf } from '~/models/roast-reactions.server';
import { roastQueueOf } from '~/models/roast-queue.server';
import { modelRoastOffer, roastView } from '~/models/roasts.server';
import { buildSocial } from '~/models/social-cards.server';
import { dataNow, perDataVersion } from '~/models/version-cache.server';
import { keepGuestComment } from '~/web/pending-comment.server';
import { savePhotoAlt } from '~/web/photo-alts.server';
import { currentUser, requireUser } from '~/web/session.server';
import { markNamesNothing } from '~/web/render-reading.server';
import { COMMENT_THREADS_SHOWN, ROAST_POLL_MS } from '~/utils/constants';
import { relativeTime } from '~/utils/dates';
import { notFound } from '~/utils/not-found';
import { pageMeta, socialMeta } from '~/utils/meta';
import { onlyViewerMoved } from '~/utils/page-query';
import { buildPageHref, buildPageQuery, type BuildPageQuery } from '~/utils/page-query';
import { atPlace, PLACES } from '~/utils/places';
import { MemberLink } from '~/components/member-link';
import { SuspendedNotice } from '~/components/suspended-notice';
import { positiveInt } from '~/utils/query';

/**
 * What the page shows every visitor alike, read once per change of the data: a
 * signed-in member's page is rendered each time, but not read each time. Keyed by
 * the build, whether every comment thread is asked for, and their order.
 */
const sharedBuildPage = perDataVersion((key: `${number}/${BuildPageQuery['comments']}/${CommentSort}`) => {
  const [id, threadsShown, sort] = key.split('/') as [string, BuildPageQuery['comments'], CommentSort];
  const detail = findBuildDetail(Number(id));
  if (!detail) return null;
  const { threads, threadCount } = listThreads(detail.id, threadsShown === 'all' ? undefined : COMMENT_THREADS_SHOWN, sort);
  return {
    detail,
    // What the page shows of the build, made here so that it is one object while the data is unchanged (SharedRegion deps).
    build: {
      id: detail.id,
      title: detail.title,
      username: detail.username,
      avatarUrl: detail.avatarUrl,
      averageRating: detail.averageRating,
      ratingCount: detail.ratingCount,
      createdAt: detail.createdAt.getTime(),
      commentCount: detail.commentCount,
      listed: isListed(detail),
      // What it won: a ribbon per win (none while it is not listed).
      ribbons: (buildWins([detail.id]).get(detail.id) ?? []).map(ribbonData),
    },
    threads: threads.map((thread) => ({
      ...thread,
      createdAt: thread.createdAt.getTime(),
      replies: thread.replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.getTime() })),
    })),
    threadCount,
    awaitedReplies: awaitedAiReplies(detail.id),
    roast: roastView(detail),
    social: buildSocial(detail),
    about: {
      description: detail.description ? parseMarkdownLite(detail.description) : [],
      tags: buildTagsOf(detail.id).map((tag) => ({ slug: tag, label: buildTagLabel(tag) })),
      parts: confirmedParts(detail.id),
    },
    // The main photo and the extra ones screening approved, in order: the gallery.
    photos: galleryPhotos(detail),
  };
});

export function loader(args: Route.LoaderArgs) {
  const id = positiveInt(args.params.id);
  const view = buildPageQuery(args.url.searchParams);
  const page = id === null ? null : sharedBuildPage(`${id}/${view.comments}/${view.sort}`);
  const viewer = currentUser(args);
  // A build still being screened, held or rejected does not exist for anyone but its owner and moderators.
  if (!page || !canSeeBuild(page.detail, viewer)) throw notFound('build');
  const { detail, build, roast, threads, threadCount, awaitedReplies } = page;
  const replyTo = threads.some((thread) => thread.id === view.replyTo) ? view.replyTo : null;
  // The reply form for a comment that is not on the page: the page without it, never stored under that id.
  if (view.replyTo !== null && replyTo === null) markNamesNothing();
  // The built-in roaster stood in for a model that was too slow: said to all, and its owner may ask the model again.
  const slowModel =
    roast.state === 'roasted' && detail.roastFallback === 'model_slow' ? { offer: modelRoastOffer(detail, viewer?.id ?? null) } : null;
  // The page looks again until what it waits for is there: the member's RoastBot reply, the model's roast, the roast.
  const askedReply = viewer && build.listed ? awaitedReplies.find((awaited) => awaited.askerId === viewer.id) : undefined;
  const awaited: Awaited | null = askedReply
    ? { kind: 'reply', threadId: askedReply.threadId }
    : slowModel?.offer === 'waiting'
      ? { kind: 'model' }
      : roast.state === 'waiting'
        ? { kind: 'roast' }
        : null;
  const updates = pageUpdates(build.id, view, awaited);
  return {
    build,
    viewer: viewer
      ? {
          id: viewer.id,
          isOwner: viewer.id === detail.userId,
          rating: memberRating(build.id, viewer.id),
          canModerate: isStaff(viewer),
          // Said instead of every form on the page while the member is suspended.
          suspension: suspensionNotice(viewer),
        }
      : null,
    comments: {
      threads,
      threadCount,
      view: { comments: view.comments, sort: view.sort, updates: view.updates },
      replyTo,
      awaitingReply: awaitedReplies.map((awaited) => awaited.threadId),
    },
    // What the page waits for, and the links that stop and resume its looking again.
    updates,
    reportReasons: REPORT_REASONS,
    // OpenGraph and Twitter card tags; null while the build is not listed.
    social: page.social,
    roast,
    // Its owner is told their roast's place in line; this render is theirs alone (their session made it personal).
    roastQueue: viewer?.id === detail.userId && roast.state === 'waiting' ? roastQueueOf(build.id) : null,
    // 🔥 and 🥱 for the current roast of a listed build.
    roastReactions:
      roast.state === 'roasted' && detail.roastedAt && build.listed
        ? roastReactionsOf(build.id, detail.roastedAt, viewer?.id ?? null)
        : null,
    freshRoast: freshRoastOffer(detail, roast, viewer),
    slowModel,
    // Listed before the vision model's look answered: its owner is told it may still be held.
    photoCheck: viewer?.id === detail.userId && build.listed && detail.lookPending,
    photos: page.photos,
    about: page.about,
    // The owner reads and changes what screen readers say of each photo (all of them, shown or not).
    altPhotos: viewer?.id === detail.userId ? ownerAltPhotos(detail) : null,
    // The rig's story: the build this one glows up, and the glow-ups of it, as this viewer may see them.
    glowUp: storyView(build.id, viewer),
    // The owner is told when the AI proposed parts that wait for them.
    proposedParts: viewer?.id === detail.userId ? listParts(detail.id).filter((part) => part.status === 'proposed').length : 0,
    now: dataNow('now'),
  };
}

/** The glow-up story as the page draws it: photos, dates in milliseconds, the change in average rating. */
function storyView(buildId: number, viewer: Parameters<typeof glowUpStory>[1]): StoryView | null {
  const story = glowUpStory(buildId, viewer);
  if (!story) return null;
  const told = story.before;
  const images = imageSources(told ? [told.build.imageId, told.after.imageId] : []);
  const photo = (build: StoryBuild) => toRigPhoto(build, images.get(build.imageId) ?? null);
  return {
    before: told
      ? { before: photo(told.build), after: photo(told.after), changes: told.changes, improvement: improvement(told.build, told.after) }
      : null,
    glowUps: story.glowUps.map((glowUp) => ({ id: glowUp.id, title: glowUp.title, createdAt: glowUp.createdAt.getTime() })),
  };
}

/** The owner's photos with their descriptions, as the description forms name them. */
function ownerAltPhotos(detail: { id: number; photoAlt: string | null }): AltPhoto[] {
  const extra = listBuildPhotos(detail.id, { approvedOnly: false });
  return [
    { key: 'main', label: 'the main photo', alt: detail.photoAlt },
    ...extra.map((photo) => ({ key: photo.id, label: `extra photo ${photo.position}`, alt: photo.alt })),
  ];
}

/** Opening, stepping or closing the photo viewer changes only the address: nothing to read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  !formMethod && onlyViewerMoved(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

/** Rating, reacting to the roast, commenting, deleting a comment, reporting, the owner's fresh roast, and a moderator hiding the build. */
export async function action(args: Route.ActionArgs) {
  const buildId = positiveInt(args.params.id);
  if (buildId === null) throw notFound('build');
  const { request } = args;
  // Back to the page as it was (its comments' view, whether it updates itself), without the reply form a post closes.
  const view = buildPageQuery(args.url.searchParams);
  const back = buildPageHref(buildId, { comments: view.comments, sort: view.sort, updates: view.updates });
  const formData = await request.formData();
  // A guest's comment is kept through sign-in; anything else only sends them there.
  if (!currentUser(args) && formData.get('intent') === 'comment' && Number.isSafeInteger(buildId)) {
    return keepGuestComment(args, buildId, formData, back);
  }
  const member = requireUser(args);
  switch (formData.get('intent')) {
    case 'rate':
      return rate(request, buildId, member.id, Number(formData.get('rating')), back);
    case 'react-roast':
      return reactToRoastWith(request, buildId, member.id, formData.get('reaction'), back);
    case 'comment':
      return comment(args, buildId, member.id, formData, view);
    case 'delete-comment':
      return deleteComment(request, member, Number(formData.get('commentId')), back);
    case 'hide-build':
      return hide(request, member, buildId, back);
    case 'report':
      return report(request, buildId, member.id, formData, back);
    case 'fresh-roast':
      return askForFreshRoast(request, buildId, member.id, formData, back);
    case 'model-roast':
      return askForModelRoast(request, buildId, member.id, back);
    case 'photo-alt':
      return savePhotoAlt(args, buildId, member.id, formData, atPlace(back, PLACES.photoAlts));
    default:
      throw data(null, { status: 400 });
  }
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
  const {
    build,
    roast,
    roastQueue,
    roastReactions,
    freshRoast,
    slowModel,
    photoCheck,
    photos,
    about,
    altPhotos,
    proposedParts,
    glowUp,
    now,
    viewer,
    comments,
    reportReasons,
    updates,
  } = loaderData;
  const suspension = viewer?.suspension ?? null;
  // The reload names the page without its fragment: to the same address with one (#roast, where a
  // post without JavaScript comes back to) a browser only scrolls, and the page never reloaded.
  const { pathname, search } = useLocation();
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      {updates?.on ? (
        // Without JavaScript the page reloads itself until the roast (the model's, when its owner asked), or RoastBot's reply, is
        // there, unless its visitor stopped it (page-updates.ts).
        <noscript>
          <meta httpEquiv="refresh" content={`${ROAST_POLL_MS / 1000}; url=${updates.reload ?? `${pathname}${search}`}`} />
        </noscript>
      ) : null}
      {/* First in the page, where its reload starts: the link that stops it is a Tab away from the skip link. */}
      {updates && updates.thread === null ? <UpdatesNotice updates={updates} className="panel mb-6 px-4 py-3" /> : null}
      <SharedRegion name="build-head" deps={[build, now]} className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 dir="auto" className="display wrap-anywhere text-3xl sm:text-4xl">
            {build.title}
          </h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="flex items-center gap-2">
              <Avatar username={build.username} avatarUrl={build.avatarUrl} />
              <MemberLink username={build.username} />
            </span>
            <span aria-hidden="true">·</span>
            <time dateTime={new Date(build.createdAt).toISOString()}>{relativeTime(build.createdAt, now)}</time>
          </p>
          <BuildRibbons ribbons={build.ribbons} />
        </div>
        <Link
          to="/gallery"
          className="rounded-full border border-line p-2.5 text-muted hover:border-neon-cyan hover:text-ink"
          aria-label="Close and go to the gallery"
        >
          <CloseIcon />
        </Link>
      </SharedRegion>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-8">
          <PhotoGallery buildId={build.id} title={build.title} photos={photos} />
          {glowUp ? <GlowUpStory story={glowUp} /> : null}
          <BuildAbout buildId={build.id} about={about} />
          {viewer?.isOwner ? <OwnerEditLink buildId={build.id} proposedParts={proposedParts} /> : null}
          {altPhotos && !suspension ? (
            <PhotoAlts
              buildId={build.id}
              photos={altPhotos}
              editable={roast.state !== 'waiting'}
              refusal={actionData && 'altResult' in actionData ? actionData : null}
            />
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <SharedRegion name="rating-summary" deps={[build]} className="contents">
            <RatingSummary averageRating={build.averageRating} ratingCount={build.ratingCount} />
            {build.listed ? <ShareButton buildId={build.id} title={build.title} /> : null}
          </SharedRegion>
          {suspension ? <SuspendedNotice notice={suspension} /> : null}
          {build.listed && !viewer?.isOwner && !suspension ? (
            <SharedRegion name="star-input" deps={[build.id, viewer?.rating ?? null, viewer !== null]} className="contents">
              <StarInput buildId={build.id} current={viewer?.rating ?? null} signedIn={viewer !== null} />
            </SharedRegion>
          ) : null}
          <RoastBox view={roast} paused={updates?.on === false}>
            {roastQueue ? <RoastQueueNote queue={roastQueue} /> : null}
            {slowModel ? <SlowModelNote offer={suspension ? null : slowModel.offer} paused={updates?.on === false} /> : null}
            {roastReactions && !suspension ? (
              <RoastReactions buildId={build.id} reactions={roastReactions} signedIn={viewer !== null} />
            ) : null}
            {freshRoast && !suspension ? (
              <FreshRoast
                waitMs={freshRoast.waitMs}
                failed={roast.state === 'failed'}
                intensity={roast.state === 'roasted' ? roast.intensity : undefined}
              />
            ) : null}
            {photoCheck ? <PhotoCheck /> : null}
          </RoastBox>
          {build.listed && viewer && !viewer.isOwner && !suspension ? (
            <SharedRegion
              name="build-actions"
              id={PLACES.buildActions}
              deps={[build.id, viewer.canModerate, reportReasons]}
              className="flex flex-wrap items-start gap-4 text-sm"
            >
              <ReportForm reasons={reportReasons} target={{ buildId: build.id }} />
              {viewer.canModerate ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="hide-build" />
                  <button type="submit" className="font-semibold text-muted hover:text-danger">
                    Hide this build
                  </button>
                </Form>
              ) : null}
            </SharedRegion>
          ) : null}
        </div>
      </div>
      {build.listed ? (
        <div className="mt-12 max-w-3xl">
          <Comments
            buildId={build.id}
            threads={comments.threads}
            threadCount={comments.threadCount}
            view={comments.view}
            commentCount={build.commentCount}
            replyTo={comments.replyTo}
            awaitingReply={comments.awaitingReply}
            threadNote={
              updates && updates.thread !== null
                ? { threadId: updates.thread, note: <UpdatesNotice updates={updates} says={false} className="pl-10" /> }
                : null
            }
            viewerId={viewer?.id ?? null}
            canModerate={viewer?.canModerate ?? false}
            suspension={suspension}
            reportReasons={reportReasons}
            lastResult={actionData && 'result' in actionData ? actionData.result : null}
            now={now}
          />
          {updates?.on && updates.waitsFor === 'reply' ? <ReplyPoll /> : null}
        </div>
      ) : null}
    </article>
  );
}
