import { data, Link } from 'react-router';
import type { Route } from './+types/glow-ups';
import { MemberLink } from '~/components/member-link';
import { ResponsiveImage } from '~/components/responsive-image';
import { Pager } from '~/components/ui/pager';
import { GLOW_UP_MIN_RATINGS, GLOW_UPS_PAGE_SIZE, improvementText } from '~/domain/glow-ups';
import { photoAlt } from '~/domain/photo-alt';
import { imageSources } from '~/images/records.server';
import { bestGlowUpsPage, type StoryBuild } from '~/models/glow-ups.server';
import { perDataVersion } from '~/models/version-cache.server';
import { buildPath } from '~/utils/build-path';
import { pageMeta } from '~/utils/meta';
import { pageNumber, withQuery } from '~/utils/query';

const ARROW = '\u2192';

/** A page of "Best glow-ups" as every visitor sees it, read once per change of the data. */
const glowUpsPage = perDataVersion((page: number) => {
  const { items, total, pageCount } = bestGlowUpsPage(page);
  const images = imageSources(items.flatMap((item) => [item.before.imageId, item.after.imageId]));
  const side = (build: StoryBuild) => ({
    id: build.id,
    title: build.title,
    image: images.get(build.imageId) ?? null,
    alt: photoAlt(build.photoAlt, build.title),
    averageRating: build.averageRating,
    ratingCount: build.ratingCount,
  });
  return {
    glowUps: items.map((item, index) => ({
      rank: (page - 1) * GLOW_UPS_PAGE_SIZE + index + 1,
      before: side(item.before),
      after: side(item.after),
      username: item.username,
      improvement: item.improvement,
    })),
    total,
    pageCount,
  };
});

/** `/glow-ups?page=`: past the last page is a 404, so made-up page numbers are never kept as pages. */
export function loader({ url }: Route.LoaderArgs) {
  const page = pageNumber(url.searchParams.get('page'));
  const read = glowUpsPage(page);
  if (page > read.pageCount) throw data(null, { status: 404 });
  return { page, ...read };
}

export const meta = () =>
  pageMeta('Best glow-ups', 'PC builds on RigRoast posted again after an upgrade, ranked by how much their rating went up.');

const glowUpsHref = (page: number) => withQuery('/glow-ups', { page });

export default function GlowUps({ loaderData }: Route.ComponentProps) {
  const { glowUps, page, pageCount, total } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-5xl">
        Best <span className="text-gradient">glow-ups</span>
      </h1>
      <p className="mt-3 max-w-3xl leading-relaxed text-muted">
        Rigs posted again after an upgrade, ranked by improvement: the glow-up&apos;s average rating minus that of the build it follows.
        Each of the two needs {GLOW_UP_MIN_RATINGS} ratings or more to be ranked, so a few early votes cannot put a glow-up on top; ties go
        to more ratings, then to the newer glow-up. To post one, open one of your builds and choose <em>Post a glow-up</em>.
      </p>
      <p className="mt-2 text-sm">
        <Link to="/leaderboard" className="font-semibold text-neon-cyan underline underline-offset-2">
          Back to the rankings
        </Link>
      </p>
      {total === 0 ? (
        <p className="panel mt-8 border-dashed p-8 text-center text-muted">
          No glow-up has {GLOW_UP_MIN_RATINGS} ratings on both sides yet. Rate the glow-ups you see in the gallery to put them here.
        </p>
      ) : (
        <ol className="mt-8 grid gap-5 md:grid-cols-2" aria-label="Glow-ups, best first">
          {glowUps.map((glowUp) => (
            <li key={glowUp.after.id} className="panel grid content-start gap-3 p-4">
              <div className="flex items-baseline justify-between gap-3">
                <h2 className="min-w-0 text-lg font-bold">
                  <span className="text-muted">#{glowUp.rank} </span>
                  <Link to={buildPath(glowUp.after.id)} className="wrap-anywhere hover:text-neon-cyan hover:underline">
                    {glowUp.after.title}
                  </Link>
                </h2>
                <strong className={`shrink-0 text-xl ${glowUp.improvement >= 0 ? 'text-neon-lime' : 'text-danger'}`}>
                  {improvementText(glowUp.improvement)}
                </strong>
              </div>
              <div className="grid grid-cols-2 gap-2">
                {[
                  { label: 'Before', build: glowUp.before },
                  { label: 'After', build: glowUp.after },
                ].map(({ label, build }) => (
                  <figure key={label} className="grid content-start gap-1">
                    <Link to={buildPath(build.id)} aria-label={`${label}: ${build.title}`}>
                      {build.image ? (
                        <ResponsiveImage
                          image={build.image}
                          alt={build.alt}
                          sizes="(min-width: 768px) 16rem, 45vw"
                          className="aspect-[4/3] w-full rounded-lg object-cover"
                        />
                      ) : (
                        <div role="img" aria-label={build.alt} className="aspect-[4/3] w-full rounded-lg bg-line" />
                      )}
                    </Link>
                    <figcaption className="text-xs text-muted">
                      {label}: {build.averageRating.toFixed(1)} from {build.ratingCount} ratings
                    </figcaption>
                  </figure>
                ))}
              </div>
              <p className="text-sm text-muted">
                <MemberLink username={glowUp.username} />
                {' · '}
                {glowUp.before.averageRating.toFixed(1)} <span aria-hidden="true">{ARROW}</span>
                <span className="sr-only">to</span> {glowUp.after.averageRating.toFixed(1)} average
              </p>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-8">
        <Pager page={page} pageCount={pageCount} label="Pages of the best glow-ups" hrefFor={glowUpsHref} />
      </div>
    </div>
  );
}
