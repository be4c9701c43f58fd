import { data, Form, Link } from 'react-router';
import type { Route } from './+types/build';
import { Avatar } from '~/components/avatar';
import { CloseIcon, ShareIcon } from '~/components/icons';
import { ResponsiveImage } from '~/components/responsive-image';
import { RoastBox } from '~/components/roast-box';
import { RatingSummary } from '~/components/rating-summary';
import { buttonClass } from '~/components/ui/button';
import { canSeeBuild, findBuildDetail, freshRoastWaitMs, requestFreshRoast } from '~/models/builds.server';
import { imageSources, largestVariantUrl } from '~/models/images.server';
import { roastView } from '~/models/roasts.server';
import { currentUser, requireUser } from '~/services/session.server';
import { redirectWithToast } from '~/services/toast.server';
import { ROAST_POLL_MS } from '~/utils/constants';
import { relativeTime, waitText } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';

export function loader(args: Route.LoaderArgs) {
  const build = findBuildDetail(Number(args.params.id));
  const viewer = currentUser(args);
  // A build still being screened, held or rejected does not exist for anyone but its owner and moderators.
  if (!build || !canSeeBuild(build, viewer)) throw data(null, { status: 404 });
  const roast = roastView(build);
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
      listed: build.reviewStatus === 'approved',
    },
    roast,
    freshRoast: canAskAgain ? { waitMs: freshRoastWaitMs({ requestedAt: build.roastRequestedAt, failedAt: build.roastFailedAt }) } : null,
    image: imageSources([build.imageId]).get(build.imageId) ?? null,
    fullSize: largestVariantUrl(build.imageId),
    now: Date.now(),
  };
}

/** The owner asks for a fresh roast (at most once a day). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const buildId = Number(args.params.id);
  const back = `/build/${buildId}`;
  const result = requestFreshRoast(buildId, user.id);
  if (result.ok) {
    return redirectWithToast(back, { title: 'A fresh roast is on its way', description: 'The AI is taking another look at your build.' });
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
    (loaderData?.roast.state === 'roasted' && loaderData.roast.text.slice(0, 160)) ||
      'A PC build on RigRoast with its AI roast, ratings and comments.',
  );
  return loaderData?.build.listed === false ? [...tags, { name: 'robots', content: 'noindex' }] : tags;
};

export default function Build({ loaderData }: Route.ComponentProps) {
  const { build, roast, freshRoast, image, fullSize, now } = loaderData;
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
          {build.listed ? (
            <Form method="post" action={`/build/${build.id}/share`}>
              <button type="submit" className={buttonClass('ghost', 'md', 'w-full')}>
                <ShareIcon />
                Share
              </button>
            </Form>
          ) : null}
          <RoastBox view={roast}>
            {freshRoast ? <FreshRoast waitMs={freshRoast.waitMs} failed={roast.state === 'failed'} /> : null}
          </RoastBox>
        </div>
      </div>
    </article>
  );
}

function FreshRoast({ waitMs, failed }: { waitMs: number; failed: boolean }) {
  if (waitMs > 0) {
    return <p className="mt-4 text-sm text-muted">You can ask for a fresh roast again in {waitText(waitMs)}.</p>;
  }
  return (
    <Form method="post" className="mt-4">
      <button type="submit" className={buttonClass('ghost', 'sm')}>
        {failed ? 'Try again' : 'Get a fresh roast'}
      </button>
    </Form>
  );
}
