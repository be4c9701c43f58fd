import { useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import type { Route } from './+types/gallery';
import { BuildCard, type BuildCardData } from '~/components/build-card';
import { EmptyState } from '~/components/section-heading';
import { SharedRegion } from '~/components/shared-region';
import { buttonClass } from '~/components/ui/button';
import { listBuildsAfter, listRecentBuilds } from '~/models/builds.server';
import { imageSources } from '~/images/records.server';
import { perDataVersion } from '~/models/version-cache.server';
import { GALLERY_MAX_SHOWN, GALLERY_PAGE_SIZE } from '~/utils/constants';
import { galleryQuery } from '~/utils/page-query';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Battle Archive', 'Every PC build uploaded to RigRoast, newest first.');

/** A batch of the gallery, read once per change of the data: every visitor sees the same builds. */
const galleryBatch = perDataVersion((key: `${number}/${number}`) => {
  const [after = 0, count = 0] = key.split('/').map(Number);
  const builds = after > 0 ? listBuildsAfter(after, count) : listRecentBuilds(count);
  const images = imageSources(builds.map((build) => build.imageId));
  return {
    // Only what a card shows: this goes into every gallery page's hydration data.
    builds: builds.map((build): BuildCardData => ({
      id: build.id,
      title: build.title,
      username: build.username,
      userLevel: build.userLevel,
      averageRating: build.averageRating,
      ratingCount: build.ratingCount,
      image: images.get(build.imageId) ?? null,
    })),
    // More may exist while the last batch came back full (spec §2 Gallery).
    hasMore: builds.length === count && (after > 0 || count < GALLERY_MAX_SHOWN),
  };
});

export function loader({ url }: Route.LoaderArgs) {
  const { after, count } = galleryQuery(url.searchParams);
  return galleryBatch(`${after}/${count}`);
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  // A new visit to the gallery starts from the server's list again.
  return <BuildList key={useLocation().key} {...loaderData} />;
}

function BuildList(loaderData: Route.ComponentProps['loaderData']) {
  const more = useFetcher<typeof loader>();
  const [appended, setAppended] = useState<BuildCardData[]>([]);

  // Each batch the fetcher brings is appended once (adjusting state while rendering, as React advises).
  const [lastBatch, setLastBatch] = useState(more.data);
  if (more.data && more.data !== lastBatch) {
    const batch = more.data;
    setLastBatch(batch);
    setAppended((previous) => {
      // A batch that arrives twice adds nothing.
      const known = new Set([...loaderData.builds, ...previous].map((build) => build.id));
      return [...previous, ...batch.builds.filter((build) => !known.has(build.id))];
    });
  }

  const builds = [...loaderData.builds, ...appended];
  const { hasMore } = lastBatch ?? loaderData;
  const loading = more.state === 'loading';

  return (
    <SharedRegion name="gallery" deps={[loaderData.builds, loaderData.hasMore]} className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-5xl">
        Battle <span className="text-gradient">Archive</span>
      </h1>
      <p className="mt-3 text-muted">Every battle station deployed to RigRoast, newest first.</p>
      {builds.length === 0 ? (
        <EmptyState>NO BATTLE STATIONS FOUND. DEPLOY YOUR RIG FIRST!</EmptyState>
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy={loading}>
          {builds.map((build, index) => (
            <li key={build.id}>
              <BuildCard build={build} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" role="status">
        {lastBatch ? `Showing ${builds.length} builds` : ''}
      </p>
      {hasMore ? (
        <div className="mt-10 flex justify-center">
          {/* A link to a longer page without JavaScript; with it, the next 12 are fetched and appended. */}
          <Link
            to={`/gallery?count=${builds.length + GALLERY_PAGE_SIZE}`}
            preventScrollReset
            className={buttonClass('ghost', 'lg')}
            aria-disabled={loading}
            onClick={(event) => {
              event.preventDefault();
              const last = builds.at(-1);
              if (!loading && last) void more.load(`/gallery?after=${last.id}`);
            }}
          >
            {loading ? 'LOADING...' : 'LOAD MORE'}
          </Link>
        </div>
      ) : null}
    </SharedRegion>
  );
}
