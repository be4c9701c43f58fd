import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ImageSources } from '~/images/variants';
import { ResponsiveImage } from '~/components/responsive-image';
import { Stars } from '~/components/stars';
import { MemberLink } from '~/components/member-link';

export type RankedBuild = {
  rank: number;
  buildId: number;
  title: string;
  username: string;
  points: number;
  average: number;
  votes: number;
  image: ImageSources | null;
};

const SIZES = '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw';
/** The podium stands out; the rest share one colour. */
const RANK_COLOURS = ['text-flame', 'text-neon-pink', 'text-neon-lime'];

/**
 * A ranked build: rank, photo, title, maker, then its points, average and votes
 * in the period. The title is the link (a short name for screen readers); its
 * overlay makes the whole card clickable.
 */
export function RankedCard({ build, priority }: { build: RankedBuild; priority: boolean }) {
  return (
    <article className="panel group relative flex h-full flex-col overflow-hidden transition-colors hover:border-neon-cyan/60 has-[a:focus-visible]:border-neon-cyan">
      <p
        className={`display pointer-events-none absolute left-3 top-3 z-10 rounded-lg bg-void/85 px-3 py-1 text-2xl ${RANK_COLOURS[build.rank - 1] ?? 'text-neon-cyan'}`}
      >
        <span className="sr-only">Rank </span>#{build.rank}
      </p>
      <div className="aspect-[4/3] overflow-hidden bg-void">
        {build.image ? (
          <ResponsiveImage
            image={build.image}
            alt=""
            sizes={SIZES}
            priority={priority}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : null}
      </div>
      <div className="grid gap-1 p-4">
        <h3 className="truncate text-lg font-bold">
          <Link to={`/build/${build.buildId}`} prefetch="intent" className="after:absolute after:inset-0">
            {build.title}
          </Link>
        </h3>
        <p className="truncate text-sm">
          <MemberLink username={build.username} className="relative z-10" />
        </p>
        <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-line pt-3 text-center">
          <Stat label="Points">{build.points}</Stat>
          <Stat label="Average">
            <span className="inline-flex items-center gap-1.5">
              <Stars value={build.average} className="size-3.5" />
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
    <div className="flex flex-col-reverse">
      <dt className="text-xs uppercase tracking-widest text-muted">{label}</dt>
      <dd className="text-lg font-bold">{children}</dd>
    </div>
  );
}

/** A card's outline while a period loads: nothing to read, so hidden from assistive technology. */
export function RankedCardPlaceholder() {
  return (
    <div aria-hidden="true" className="panel overflow-hidden motion-safe:animate-pulse">
      <div className="aspect-[4/3] bg-panel-2" />
      <div className="grid gap-2 p-4">
        <div className="h-5 w-2/3 rounded bg-panel-2" />
        <div className="h-4 w-1/3 rounded bg-panel-2" />
        <div className="mt-3 h-10 rounded bg-panel-2" />
      </div>
    </div>
  );
}
