import { Link } from 'react-router';
import type { ImageSources } from '~/images/variants';
import { ResponsiveImage } from '~/components/responsive-image';
import { LevelBadge } from '~/components/progression/level-badge';
import { Stars } from '~/components/stars';

export type BuildCardData = {
  id: number;
  title: string;
  username: string;
  userLevel: number;
  averageRating: number;
  ratingCount: number;
  image: ImageSources | null;
};

/** A build in a grid: photo, title, maker and rating, all one link to the build. */
export function BuildCard({ build, priority = false }: { build: BuildCardData; priority?: boolean }) {
  return (
    <article className="panel group overflow-hidden transition-colors hover:border-neon-cyan/60">
      <Link to={`/build/${build.id}`} className="block" prefetch="intent">
        <div className="aspect-[4/3] overflow-hidden bg-void">
          {build.image ? (
            <ResponsiveImage
              image={build.image}
              alt=""
              sizes="(min-width: 1280px) 24rem, (min-width: 640px) 50vw, 100vw"
              priority={priority}
              className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : null}
        </div>
        <div className="grid gap-1 p-4">
          <h2 className="truncate text-lg font-bold">{build.title}</h2>
          <p className="flex min-w-0 items-center gap-2 text-sm text-neon-cyan">
            <span className="truncate">@{build.username}</span>
            <LevelBadge level={build.userLevel} />
          </p>
          <p className="flex items-center gap-2 text-sm text-muted">
            <Stars value={build.averageRating} />
            {build.averageRating.toFixed(1)} · {build.ratingCount} {build.ratingCount === 1 ? 'rating' : 'ratings'}
          </p>
        </div>
      </Link>
    </article>
  );
}
