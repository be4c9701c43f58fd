import { data, Form, Link } from 'react-router';
import type { Route } from './+types/build';
import { Avatar } from '~/components/avatar';
import { CloseIcon, ShareIcon } from '~/components/icons';
import { ResponsiveImage } from '~/components/responsive-image';
import { RoastBox } from '~/components/roast-box';
import { RatingSummary } from '~/components/rating-summary';
import { buttonClass } from '~/components/ui/button';
import { findBuildDetail } from '~/models/builds.server';
import { imageSources, largestVariantUrl } from '~/models/images.server';
import { ROAST_POLL_MS } from '~/utils/constants';
import { relativeTime } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';

export function loader({ params }: Route.LoaderArgs) {
  const build = findBuildDetail(Number(params.id));
  if (!build) throw data(null, { status: 404 });
  return {
    build: {
      id: build.id,
      title: build.title,
      username: build.username,
      avatarUrl: build.avatarUrl,
      roast: build.roast,
      averageRating: build.averageRating,
      ratingCount: build.ratingCount,
      createdAt: build.createdAt.getTime(),
    },
    image: imageSources([build.imageId]).get(build.imageId) ?? null,
    fullSize: largestVariantUrl(build.imageId),
    now: Date.now(),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(
    loaderData?.build.title ?? 'Build',
    loaderData?.build.roast.slice(0, 160) || 'A PC build on RigRoast with its AI roast, ratings and comments.',
  );

export default function Build({ loaderData }: Route.ComponentProps) {
  const { build, image, fullSize, now } = loaderData;
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      {build.roast ? null : (
        // Without JavaScript the page reloads itself until the roast is there.
        <noscript>
          <meta httpEquiv="refresh" content={String(ROAST_POLL_MS / 1000)} />
        </noscript>
      )}
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
          <Form method="post" action={`/build/${build.id}/share`}>
            <button type="submit" className={buttonClass('ghost', 'md', 'w-full')}>
              <ShareIcon />
              Share
            </button>
          </Form>
          <RoastBox roast={build.roast} />
        </div>
      </div>
    </article>
  );
}
