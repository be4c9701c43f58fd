import { Link } from 'react-router';
import type { ImageSources } from '~/images/variants';
import { ResponsiveImage } from '~/components/responsive-image';
import { LevelBadge } from '~/components/progression/level-badge';
import { MemberLink } from '~/components/member-link';
import { RatingLine } from '~/components/rating-line';
import { CardRibbon, ribbonData, type RibbonData } from '~/components/competition/trophies';
import type { CompetitionWin } from '~/domain/competitions';
import { photoAlt } from '~/domain/photo-alt';
import { buildPath } from '~/utils/build-path';

export type BuildCardData = {
  id: number;
  title: string;
  username: string;
  userLevel: number;
  averageRating: number;
  ratingCount: number;
  image: ImageSources | null;
  /** What a screen reader says of the photo (domain/photo-alt.ts). */
  imageAlt: string;
  /** What the build won (closed competitions): a ribbon over its photo. */
  ribbons?: RibbonData[];
};

/** What a card needs of a build as the models list it. */
type ListedBuild = Pick<BuildCardData, 'id' | 'title' | 'username' | 'userLevel' | 'averageRating' | 'ratingCount'> & {
  /** The main photo's description, its owner's or drafted; null while it has none. */
  photoAlt: string | null;
};

/**
 * Only what a card shows, from a listed build, its photo's sources and what it won:
 * this goes into the hydration data of every page that lists builds.
 */
export function toBuildCard(build: ListedBuild, image: ImageSources | null, wins: readonly CompetitionWin[] = []): BuildCardData {
  const { id, title, username, userLevel, averageRating, ratingCount } = build;
  return {
    id,
    title,
    username,
    userLevel,
    averageRating,
    ratingCount,
    image,
    imageAlt: photoAlt(build.photoAlt, title),
    ribbons: wins.map(ribbonData),
  };
}

/**
 * A build in a grid: photo, title, maker and rating. The title is the link to the
 * build, its overlay making the whole card clickable; the maker's name, above the
 * overlay, links to their page.
 */
export function BuildCard({
  build,
  priority = false,
  heading: Heading = 'h2',
}: {
  build: BuildCardData;
  priority?: boolean;
  /** The title's heading level: h3 where the grid sits under a section's h2. */
  heading?: 'h2' | 'h3';
}) {
  return (
    <article className="panel group relative overflow-hidden transition-colors hover:border-neon-cyan/60 has-[a:focus-visible]:border-neon-cyan">
      <div className="aspect-[4/3] overflow-hidden bg-void">
        {build.image ? (
          <ResponsiveImage
            image={build.image}
            alt={build.imageAlt}
            sizes="(min-width: 1280px) 24rem, (min-width: 640px) 50vw, 100vw"
            priority={priority}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : null}
      </div>
      <div className="grid gap-1 p-4">
        <Heading dir="auto" className="truncate text-lg font-bold">
          <Link to={buildPath(build.id)} prefetch="intent" className="after:absolute after:inset-0">
            {build.title}
          </Link>
        </Heading>
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <MemberLink username={build.username} className="relative z-10 truncate" />
          <LevelBadge level={build.userLevel} />
        </p>
        <p className="flex items-center gap-2 text-sm text-muted">
          <RatingLine averageRating={build.averageRating} ratingCount={build.ratingCount} />
        </p>
        {build.ribbons ? <CardRibbon ribbons={build.ribbons} /> : null}
      </div>
    </article>
  );
}
