import { Link } from 'react-router';
import { ordinal } from '~/domain/competitions';
import type { CompetitionPlacement } from '~/domain/members';
import { shortDate } from '~/utils/dates';
import { buildPath } from '~/utils/build-path';

type PlacementData = Omit<CompetitionPlacement, 'closedAt'> & { closedAt: number };

const PODIUM = ['text-flame', 'text-neon-cyan', 'text-neon-pink'];

/** Where the member finished in closed competitions, the latest first. */
export function Placements({ placements }: { placements: PlacementData[] }) {
  return (
    <section aria-labelledby="placements-heading" className="grid gap-4">
      <h2 id="placements-heading" className="text-lg font-bold">
        Competition placements
      </h2>
      <p className="-mt-2 text-sm text-muted">Where each entry finished in the community’s vote; the prizes won are in the trophy case.</p>
      {placements.length === 0 ? (
        <p className="text-sm text-muted">No finished competitions entered yet.</p>
      ) : (
        <ol className="grid gap-2">
          {placements.map((placement) => (
            <li
              key={placement.competitionId}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-line bg-panel-2/60 px-4 py-3"
            >
              <span className={`display w-12 text-xl ${PODIUM[placement.placement - 1] ?? 'text-muted'}`}>
                {ordinal(placement.placement)}
              </span>
              <span className="text-sm text-muted">of {placement.entrants}</span>
              <Link to={`/competitions/${placement.competitionId}`} className="min-w-0 font-bold underline-offset-4 hover:underline">
                {placement.competitionTitle}
              </Link>
              <span className="basis-full text-sm text-muted sm:ml-auto sm:basis-auto">
                {placement.build ? (
                  <Link to={buildPath(placement.build.id)} className="underline-offset-4 hover:underline">
                    {placement.build.title}
                  </Link>
                ) : (
                  'a build no longer listed'
                )}
                {' · '}
                <time dateTime={new Date(placement.closedAt).toISOString()}>{shortDate(placement.closedAt)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
