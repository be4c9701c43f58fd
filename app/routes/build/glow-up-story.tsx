import { Link } from 'react-router';
import { BeforeAfter } from '~/components/before-after';
import type { RigPhoto } from '~/components/rig-photo';
import { partCategoryLabel } from '~/domain/build-parts';
import { GLOW_UP_MIN_RATINGS, hasPartChanges, improvementText, type PartChanges } from '~/domain/glow-ups';
import { buildPath } from '~/utils/build-path';
import { shortDate } from '~/utils/dates';
import { counted } from '~/utils/count';

export type StoryView = {
  /** This build is a glow-up of `before.before`. */
  before: { before: RigPhoto; after: RigPhoto; changes: PartChanges; improvement: number | null } | null;
  /** The glow-ups posted of this build, oldest first. */
  glowUps: { id: number; title: string; createdAt: number }[];
};

const ARROW = '\u2192';

function ratingText(build: RigPhoto): string {
  if (build.ratingCount === 0) return 'no ratings yet';
  return `${build.averageRating.toFixed(1)} from ${counted(build.ratingCount, 'rating', 'ratings')}`;
}

function Changes({ changes }: { changes: PartChanges }) {
  if (!hasPartChanges(changes)) return <p className="text-sm text-muted">The confirmed parts list did not change: same rig, new photos.</p>;
  return (
    <ul className="grid gap-1 text-sm">
      {changes.replaced.map((change, index) => (
        <li key={`r${index}`}>
          <span className="font-semibold text-muted">{partCategoryLabel(change.category)}:</span> {change.from}{' '}
          <span aria-hidden="true">{ARROW}</span>
          <span className="sr-only">replaced by</span> {change.to}
        </li>
      ))}
      {changes.added.map((part, index) => (
        <li key={`a${index}`}>
          <span className="font-semibold text-neon-lime">Added</span> {partCategoryLabel(part.category)}: {part.name}
        </li>
      ))}
      {changes.removed.map((part, index) => (
        <li key={`d${index}`}>
          <span className="font-semibold text-danger">Removed</span> {partCategoryLabel(part.category)}: {part.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * The rig's story on its build page (decision 028): for a glow-up, the earlier build and
 * this one before and after, their dates, what changed in the confirmed parts and the
 * change in average rating; for any build, links on to the glow-ups posted of it.
 */
export function GlowUpStory({ story }: { story: StoryView }) {
  const { before: told, glowUps } = story;
  return (
    <section id="glow-up" aria-labelledby="glow-up-title" className="panel grid scroll-mt-24 gap-5 p-5 sm:p-6">
      <h2 id="glow-up-title" className="display text-xl">
        {told ? 'Glow-up' : 'Glowed up since'}
      </h2>
      {told ? (
        <>
          <p className="text-sm text-muted">
            New photos of the same rig as{' '}
            <Link to={buildPath(told.before.id)} className="font-semibold text-neon-cyan underline underline-offset-2">
              {told.before.title}
            </Link>
            , posted <time dateTime={new Date(told.before.createdAt).toISOString()}>{shortDate(told.before.createdAt)}</time>.
          </p>
          <BeforeAfter
            before={{ image: told.before.image, alt: told.before.alt, caption: `Before, ${shortDate(told.before.createdAt)}` }}
            after={{ image: told.after.image, alt: told.after.alt, caption: `After, ${shortDate(told.after.createdAt)}` }}
          />
          <div className="grid gap-2">
            <h3 className="text-sm font-bold">What changed</h3>
            <Changes changes={told.changes} />
          </div>
          <div className="grid gap-1">
            <h3 className="text-sm font-bold">Score</h3>
            <p className="text-sm">
              Before {ratingText(told.before)} <span aria-hidden="true">{ARROW}</span> after {ratingText(told.after)}
              {told.improvement === null ? null : (
                <>
                  {': '}
                  <strong className={told.improvement >= 0 ? 'text-neon-lime' : 'text-danger'}>{improvementText(told.improvement)}</strong>
                </>
              )}
            </p>
            {told.improvement === null ? (
              <p className="text-xs text-muted">The change is counted once each has {GLOW_UP_MIN_RATINGS} ratings or more.</p>
            ) : null}
          </div>
        </>
      ) : null}
      {glowUps.length > 0 ? (
        <div className="grid gap-2">
          {told ? <h3 className="text-sm font-bold">Glowed up since</h3> : null}
          <ul className="grid gap-1 text-sm">
            {glowUps.map((glowUp) => (
              <li key={glowUp.id}>
                <Link to={buildPath(glowUp.id)} className="font-semibold text-neon-cyan underline underline-offset-2">
                  {glowUp.title}
                </Link>{' '}
                <span className="text-muted">
                  posted <time dateTime={new Date(glowUp.createdAt).toISOString()}>{shortDate(glowUp.createdAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
