import { Link } from 'react-router';
import type { Route } from './+types/battles.leaderboard';
import { MemberLink } from '~/components/member-link';
import { ResponsiveImage } from '~/components/responsive-image';
import { imageSources } from '~/images/records.server';
import { anyBattleVote, battleLeaderboard } from '~/models/battles.server';
import { photoAlt } from '~/domain/photo-alt';
import { buildPath } from '~/utils/build-path';
import { pageMeta } from '~/utils/meta';
import { counted } from '~/utils/count';

/** The battle board shows this many builds. */
const BATTLE_BOARD_SIZE = 50;

/** `/battles/leaderboard`: listed builds by their conservative battle score, with how sure each place is. */
export function loader() {
  const entries = battleLeaderboard(BATTLE_BOARD_SIZE);
  const images = imageSources(entries.map((entry) => entry.imageId));
  return {
    // An empty board may only be waiting for its first fit, seconds after the first votes.
    votesWaiting: entries.length === 0 && anyBattleVote(),
    builds: entries.map((entry) => ({
      rank: entry.rank,
      buildId: entry.buildId,
      title: entry.title,
      username: entry.username,
      votes: entry.votes,
      certainty: entry.certainty,
      image: images.get(entry.imageId) ?? null,
      imageAlt: photoAlt(entry.photoAlt, entry.title),
    })),
  };
}

export const meta = () => pageMeta('Battle rankings', 'PC builds ranked by Rig Battles: head-to-head votes between two photos.');

export default function BattleLeaderboard({ loaderData }: Route.ComponentProps) {
  const { builds, votesWaiting } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-5xl">
        Battle <span className="text-gradient">Rankings</span>
      </h1>
      <p className="mt-3 leading-relaxed text-muted">
        Ranked from every Rig Battles vote at once, not vote by vote, so the order of the votes does not matter. A build is placed by the
        strength it surely has: with few votes that is cautious, so a build needs votes to climb. &ldquo;How sure&rdquo; says how settled
        its place is.
      </p>
      <p className="mt-3">
        <Link to="/battles" className="font-semibold text-neon-cyan hover:underline">
          Vote in Rig Battles
        </Link>
      </p>
      {builds.length === 0 ? (
        <p className="panel mt-8 p-8 text-center text-muted">
          {votesWaiting
            ? 'The first votes are in: the rankings are worked out from them within a minute. Come back shortly.'
            : 'No battle votes yet: the first votes rank the first builds.'}
        </p>
      ) : (
        <ol aria-label="Battle rankings" className="mt-8 grid grid-cols-1 gap-3">
          {builds.map((build) => (
            <li key={build.buildId} className="panel relative flex items-center gap-3 p-2 has-[a:focus-visible]:border-neon-cyan">
              <p className="display w-12 shrink-0 text-center text-xl text-neon-cyan">
                <span className="sr-only">Rank </span>#{build.rank}
              </p>
              <div className="aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-lg bg-void sm:w-28">
                {build.image ? (
                  <ResponsiveImage
                    image={build.image}
                    alt={build.imageAlt}
                    sizes="7rem"
                    priority={build.rank <= 3}
                    className="h-full w-full object-cover"
                  />
                ) : null}
              </div>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <h2 dir="auto" className="truncate font-bold sm:text-lg">
                  <Link to={buildPath(build.buildId)} className="after:absolute after:inset-0">
                    {build.title}
                  </Link>
                </h2>
                <p className="min-w-0 text-sm">
                  <MemberLink username={build.username} className="relative z-10 inline-block max-w-full truncate align-bottom" />
                </p>
                <p className="text-sm text-muted">
                  How sure: <span className="font-semibold text-ink">{build.certainty}</span> ({counted(build.votes, 'vote', 'votes')})
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
