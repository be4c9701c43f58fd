import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ImageSources } from '~/images/variants';
import { ResponsiveImage } from '~/components/responsive-image';
import { Stars } from '~/components/stars';
import { MemberLink } from '~/components/member-link';
import { buildPath } from '~/utils/build-path';

export type RankedBuild = {
  rank: number;
  buildId: number;
  title: string;
  username: string;
  points: number;
  average: number;
  votes: number;
  image: ImageSources | null;
  /** What a screen reader says of the photo (domain/photo-alt.ts). */
  imageAlt: string;
};

const SIZES = '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 7rem';
/** The podium stands out; the rest share one colour. */
const RANK_COLOURS = ['text-flame', 'text-neon-pink', 'text-neon-lime'];

/**
 * A ranked build: rank, photo, title, maker, then its points, average and votes
 * in the period. The title is the link (a short name for screen readers); its
 * overlay makes the whole card clickable. On a phone it is a compact row with a
 * thumbnail, so ten builds fit a couple of screens instead of ten.
 */
export function RankedCard({ build, priority }: { build: RankedBuild; priority: boolean }) {
  return (
    <article className="panel group relative flex h-full items-center gap-2.5 overflow-hidden p-2 transition-colors hover:border-neon-cyan/60 has-[a:focus-visible]:border-neon-cyan sm:flex-col sm:items-stretch sm:gap-0 sm:p-0">
      <p
        className={`display pointer-events-none w-8 shrink-0 text-center text-xl sm:absolute sm:left-3 sm:top-3 sm:z-10 sm:w-auto sm:rounded-lg sm:bg-void/85 sm:px-3 sm:py-1 sm:text-2xl ${RANK_COLOURS[build.rank - 1] ?? 'text-neon-cyan'}`}
      >
        <span className="sr-only">Rank </span>#{build.rank}
      </p>
      <div className="aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-lg bg-void sm:w-auto sm:rounded-none">
        {build.image ? (
          <ResponsiveImage
            image={build.image}
            alt={build.imageAlt}
            sizes={SIZES}
            priority={priority}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : null}
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5 sm:gap-1 sm:p-4">
        <h3 dir="auto" className="truncate font-bold sm:text-lg">
          <Link to={buildPath(build.buildId)} prefetch="intent" className="after:absolute after:inset-0">
            {build.title}
          </Link>
        </h3>
        <p className="min-w-0 text-sm">
          <MemberLink username={build.username} className="relative z-10 inline-block max-w-full truncate align-bottom" />
        </p>
        <dl className="flex flex-wrap gap-x-2 text-sm sm:mt-3 sm:grid sm:grid-cols-3 sm:gap-2 sm:border-t sm:border-line sm:pt-3 sm:text-center">
          <Stat label="Points">{build.points}</Stat>
          <Stat label="Average">
            <span className="inline-flex items-center gap-1.5">
              <span className="hidden sm:contents">
                <Stars value={build.average} className="size-3.5" />
              </span>
              {build.average.toFixed(1)}
            </span>
          </Stat>
          <Stat label="Votes">{build.votes}</Stat>
        </dl>
      </div>
    </article>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline gap-1 sm:flex-col-reverse sm:items-stretch sm:gap-0">
      <dt className="order-last text-xs text-muted sm:order-none sm:uppercase sm:tracking-widest">{label}</dt>
      <dd className="font-bold sm:text-lg">{children}</dd>
    </div>
  );
}

/** A card's outline while a period loads: nothing to read, so hidden from assistive technology. */
export function RankedCardPlaceholder() {
  return (
    <div aria-hidden="true" className="panel flex gap-3 overflow-hidden p-2 animate-pulse sm:block sm:p-0">
      <div className="aspect-[4/3] w-20 shrink-0 rounded-lg bg-panel-2 sm:w-auto sm:rounded-none" />
      <div className="grid flex-1 content-center gap-2 sm:p-4">
        <div className="h-5 w-2/3 rounded bg-panel-2" />
        <div className="h-4 w-1/3 rounded bg-panel-2" />
        <div className="h-4 rounded bg-panel-2 sm:mt-3 sm:h-10" />
      </div>
    </div>
  );
}
