import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import type { RigPhoto } from '~/components/rig-photo';
import { buildPath } from '~/utils/build-path';
import { shortDate } from '~/utils/dates';
import { counted } from '~/utils/count';

/**
 * The member's rigs told as timelines (decision 028): each rig from its first build to its
 * latest glow-up, oldest first, a step per build with its photo, date and average rating.
 */
export function RigTimelines({ rigs }: { rigs: RigPhoto[][] }) {
  if (rigs.length === 0) return null;
  return (
    <section id="rigs" aria-labelledby="rigs-heading" className="grid scroll-mt-24 gap-4">
      <h2 id="rigs-heading" className="text-lg font-bold">
        Rig timelines
      </h2>
      {rigs.map((rig) => (
        <ol
          key={rig[0]?.id}
          aria-label={`The story of ${rig[0]?.title ?? 'a rig'}, ${rig.length} builds`}
          className="panel flex gap-3 overflow-x-auto p-4"
        >
          {rig.map((build, index) => (
            <li key={build.id} className="grid w-36 shrink-0 content-start gap-1 text-sm sm:w-44">
              <Link to={buildPath(build.id)} className="grid gap-1 hover:text-neon-cyan">
                {build.image ? (
                  <ResponsiveImage
                    image={build.image}
                    alt={build.alt}
                    sizes="11rem"
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                ) : (
                  <div role="img" aria-label={build.alt} className="aspect-[4/3] w-full rounded-lg bg-line" />
                )}
                <span className="line-clamp-2 font-semibold wrap-anywhere">{build.title}</span>
              </Link>
              <span className="text-xs text-muted">
                {index === 0 ? 'First posted' : 'Glow-up'}{' '}
                <time dateTime={new Date(build.createdAt).toISOString()}>{shortDate(build.createdAt)}</time>
              </span>
              <span className="text-xs text-muted">
                {build.ratingCount === 0
                  ? 'No ratings yet'
                  : `${build.averageRating.toFixed(1)} average, ${counted(build.ratingCount, 'rating', 'ratings')}`}
              </span>
            </li>
          ))}
        </ol>
      ))}
    </section>
  );
}
