import { Link } from 'react-router';
import type { Route } from './+types/gallery';
import { BuildCard } from '~/components/build-card';
import { EmptyState } from '~/components/section-heading';
import { buttonClass } from '~/components/ui/button';
import { listRecentBuilds } from '~/models/builds.server';
import { imageSources } from '~/models/images.server';
import { GALLERY_PAGE_SIZE } from '~/utils/constants';
import { pageMeta } from '~/utils/meta';

/** At most this many builds in one page view (LOAD MORE grows the view 12 at a time). */
const MAX_SHOWN = 240;

export const meta = () => pageMeta('Battle Archive', 'Every PC build uploaded to RigRoast, newest first.');

export function loader({ url }: Route.LoaderArgs) {
  const requested = Number(url.searchParams.get('count'));
  const count = Number.isInteger(requested) && requested > 0 ? Math.min(requested, MAX_SHOWN) : GALLERY_PAGE_SIZE;
  const builds = listRecentBuilds(count);
  const images = imageSources(builds.map((build) => build.imageId));
  return {
    builds: builds.map((build) => ({ ...build, createdAt: build.createdAt.getTime(), image: images.get(build.imageId) ?? null })),
    // More may exist while the last batch came back full (spec §2 Gallery).
    nextCount: builds.length === count && count < MAX_SHOWN ? count + GALLERY_PAGE_SIZE : null,
  };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { builds, nextCount } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-5xl">
        Battle <span className="text-gradient">Archive</span>
      </h1>
      <p className="mt-3 text-muted">Every battle station deployed to RigRoast, newest first.</p>
      {builds.length === 0 ? (
        <EmptyState>NO BATTLE STATIONS FOUND. DEPLOY YOUR RIG FIRST!</EmptyState>
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {builds.map((build, index) => (
            <li key={build.id}>
              <BuildCard build={build} priority={index < 3} />
            </li>
          ))}
        </ul>
      )}
      {nextCount ? (
        <div className="mt-10 flex justify-center">
          {/* A link, so it works without JavaScript; with it, the page keeps its scroll position. */}
          <Link to={`/gallery?count=${nextCount}`} preventScrollReset replace className={buttonClass('ghost', 'lg')}>
            LOAD MORE
          </Link>
        </div>
      ) : null}
    </div>
  );
}
