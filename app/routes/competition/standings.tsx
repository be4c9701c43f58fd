import { BuildCard, type BuildCardData } from '~/components/build-card';

export type StandingData = BuildCardData & { rank: number; votes: number; points: number };

/**
 * A closed competition's entries as build cards, best first, each with its place
 * and the community's votes during the competition (while it runs none of this is
 * shown: contest mode).
 */
export function Standings({ standings }: { standings: StandingData[] }) {
  return (
    <section aria-labelledby="standings-title">
      <h2 id="standings-title" className="display text-2xl">
        Final standings
      </h2>
      <p className="mt-2 text-sm text-muted">
        Ranked by average stars, weighted toward the site average until an entry has enough votes; only members’ stars given during the
        competition count (a changed rating counts when it was last changed; jurors’ stars count for the jury prize alone). Entries without
        votes come last, a tie goes to the earlier entry, and a build that already won a competition of the same series cannot win again.
      </p>
      {standings.length === 0 ? (
        <p className="panel mt-4 border-dashed p-8 text-center text-muted">No entries yet. Be the first!</p>
      ) : (
        <ol className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {standings.map((standing) => (
            <li key={standing.id} className="grid gap-2">
              <p className="flex items-baseline justify-between gap-2 text-sm">
                <span className="display text-2xl text-neon-cyan">#{standing.rank}</span>
                <span className="text-muted">
                  {standing.votes} {standing.votes === 1 ? 'vote' : 'votes'} · {standing.points} pts during the competition
                </span>
              </p>
              <BuildCard build={standing} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
