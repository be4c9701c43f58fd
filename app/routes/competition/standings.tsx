import { Link } from 'react-router';
import { BuildCard, type BuildCardData } from '~/components/build-card';
import { MemberLink } from '~/components/member-link';
import type { UnplacedEntry } from '~/domain/competitions';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

export type StandingData = BuildCardData & { rank: number; votes: number; points: number };

/**
 * A closed competition's placed entries as build cards, best first, each with its place
 * and the community's votes during the competition (while it runs none of this is
 * shown: contest mode). A place whose build is no longer listed keeps its row, unnamed,
 * so the list still reads from #1. The entries that took no place follow, named, with
 * why, so their members find them.
 */
export function Standings({
  standings,
  unlistedPlaces,
  unplaced,
}: {
  standings: StandingData[];
  unlistedPlaces: number[];
  unplaced: UnplacedEntry[];
}) {
  const rows = [
    ...standings.map((standing) => ({ rank: standing.rank, standing })),
    ...unlistedPlaces.map((rank) => ({ rank, standing: null })),
  ].sort((a, b) => a.rank - b.rank);
  return (
    <section aria-labelledby="standings-title">
      <h2 id="standings-title" className="display text-2xl">
        Final standings
      </h2>
      {rows.length === 0 ? (
        <p className="panel mt-4 border-dashed p-8 text-center text-muted">
          {unplaced.length === 0 ? 'Nobody entered this competition.' : 'No entry took a place.'}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">
            Ranked by average stars, weighted toward the site average until an entry has enough votes; only members’ stars given during the
            competition count (a changed rating counts when it was last changed; jurors’ stars count for the jury prize alone). Entries
            without votes take no place, a tie goes to the earlier entry, and a build that already won a competition of the same series
            cannot win again.
          </p>
          {/* Each standing spans two rows of the list (its place line, its card), so the cards of a row line up whatever their lines' length. */}
          <ol className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {rows.map(({ rank, standing }) =>
              standing ? (
                <li key={rank} className="row-span-2 grid grid-rows-subgrid gap-y-2">
                  <p className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="display shrink-0 text-2xl text-neon-cyan">#{rank}</span>
                    <span className="min-w-0 text-right text-muted">
                      {counted(standing.votes, 'vote', 'votes')} · {counted(standing.points, 'pt', 'pts')} during the competition
                    </span>
                  </p>
                  <BuildCard build={standing} heading="h3" />
                </li>
              ) : (
                <li key={rank} className="row-span-2 grid grid-rows-subgrid content-start gap-y-2">
                  <p className="display text-2xl text-neon-cyan">#{rank}</p>
                  <p className="panel border-dashed p-6 text-center text-sm text-muted">A build no longer listed</p>
                </li>
              ),
            )}
          </ol>
        </>
      )}
      {unplaced.length > 0 ? <Unplaced entries={unplaced} /> : null}
    </section>
  );
}

/** The listed entries that took no place, as entered: each build and its member, and why when not every one is for the same reason. */
function Unplaced({ entries }: { entries: UnplacedEntry[] }) {
  const reasons = new Set(entries.map((entry) => entry.why));
  const these = entries.length === 1 ? 'this entry' : 'these entries';
  return (
    <section aria-labelledby="unplaced-title" className="mt-6">
      <h3 id="unplaced-title" className="font-bold">
        No place
      </h3>
      <p className="mt-1 text-sm text-muted">
        {reasons.size > 1
          ? 'An entry takes no place when no member voted for it during the competition, or when its build was not listed as the competition closed.'
          : reasons.has('no votes')
            ? `No member voted for ${these} during the competition.`
            : `The build of ${these} was not listed (it was under review or hidden) as the competition closed.`}
      </p>
      <ul className="mt-3 grid gap-2 text-sm">
        {entries.map((entry) => (
          <li key={entry.buildId} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <Link to={buildPath(entry.buildId)} dir="auto" className="min-w-0 font-semibold underline-offset-4 hover:underline">
              {entry.title}
            </Link>
            <MemberLink username={entry.username} />
            {reasons.size > 1 ? (
              <span className="text-muted">{entry.why === 'no votes' ? 'no vote' : 'not listed at the close'}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
