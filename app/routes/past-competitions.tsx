import { Link } from 'react-router';
import type { Route } from './+types/past-competitions';
import { CompetitionBadge } from '~/components/competition/badge';
import { JuryWinner, shownBuild, Winners } from '~/components/competition/winners';
import { EmptyState } from '~/components/section-heading';
import { buttonClass } from '~/components/ui/button';
import { listPastCompetitions } from '~/models/competitions.server';
import { imageSources } from '~/images/records.server';
import { shortDate } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { counted } from '~/utils/count';

export const meta = () => pageMeta('Past competitions', 'Finished RigRoast competitions and their winners.');

export function loader() {
  const competitions = listPastCompetitions();
  const images = imageSources(
    competitions.flatMap(({ winners, juryWinner }) =>
      [...winners, ...(juryWinner ? [juryWinner] : [])].flatMap((winner) => (winner.build ? [winner.build.imageId] : [])),
    ),
  );
  const image = (imageId: number) => images.get(imageId) ?? null;
  return {
    competitions: competitions.map(({ juryWinner, ...competition }) => ({
      ...competition,
      winners: competition.winners.map(({ build, ...winner }) => ({ ...winner, build: shownBuild(build, image) })),
      juryWinner: juryWinner ? { ...juryWinner, build: shownBuild(juryWinner.build, image) } : null,
    })),
  };
}

export default function PastCompetitions({ loaderData }: Route.ComponentProps) {
  const { competitions } = loaderData;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="display text-3xl sm:text-5xl">
            Past <span className="text-gradient">competitions</span>
          </h1>
          <p className="mt-3 text-muted">Finished build battles and the rigs that won them, the latest first.</p>
        </div>
        <Link to="/competitions" className={buttonClass('ghost', 'sm')}>
          Current competitions
        </Link>
      </div>
      {competitions.length === 0 ? (
        <EmptyState>No competition has ended yet.</EmptyState>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-5">
          {competitions.map((competition) => (
            <li key={competition.id}>
              <article aria-labelledby={`past-${competition.id}`} className="panel grid grid-cols-1 gap-4 p-5">
                <div className="flex items-start gap-4">
                  <CompetitionBadge badgeUrl={competition.badgeUrl} />
                  <div className="min-w-0 flex-1">
                    <h2 id={`past-${competition.id}`} className="wrap-anywhere text-xl font-bold">
                      <Link to={`/competitions/${competition.id}`} className="hover:text-neon-cyan">
                        {competition.title}
                      </Link>
                    </h2>
                    <p className="text-sm text-neon-cyan">{competition.theme}</p>
                    <p className="mt-1 text-sm text-muted">
                      Ended {shortDate(competition.endDate)} · {counted(competition.entryCount, 'entry', 'entries')}
                    </p>
                  </div>
                </div>
                <Winners winners={competition.winners} label={`Winners of ${competition.title}`} entryCount={competition.entryCount} />
                {competition.juryWinner ? <JuryWinner winner={competition.juryWinner} /> : null}
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
