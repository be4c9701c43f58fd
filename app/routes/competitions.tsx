import { Link } from 'react-router';
import type { Route } from './+types/competitions';
import { CompetitionGrid } from '~/components/competition/card';
import { buttonClass } from '~/components/ui/button';
import { listActiveCompetitions, listUpcomingCompetitions } from '~/models/competitions.server';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('Competitions', 'Time-limited RigRoast build competitions and their prizes.');

export function loader() {
  const now = new Date();
  return { active: listActiveCompetitions(now), upcoming: listUpcomingCompetitions(now), now: now.getTime() };
}

export default function Competitions({ loaderData }: Route.ComponentProps) {
  const { active, upcoming, now } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="display text-3xl sm:text-5xl">
            <span className="text-gradient">Competitions</span>
          </h1>
          <p className="mt-3 text-muted">Time-limited build battles: enter one of your rigs, collect votes, win the prize.</p>
        </div>
        <Link to="/past-competitions" className={buttonClass('ghost', 'sm')}>
          View Past Competitions
        </Link>
      </div>
      {active.length + upcoming.length === 0 ? (
        <div className="panel mt-8 flex flex-col items-center gap-4 p-8 text-center">
          <p className="text-muted">There are no active competitions at the moment.</p>
          <Link to="/past-competitions" className={buttonClass('primary', 'sm')}>
            View Past Competitions
          </Link>
        </div>
      ) : (
        <>
          <CardList title="Active" competitions={active} now={now} />
          <CardList title="Upcoming" competitions={upcoming} now={now} />
        </>
      )}
    </div>
  );
}

function CardList({
  title,
  competitions,
  now,
}: {
  title: string;
  competitions: Route.ComponentProps['loaderData']['active'];
  now: number;
}) {
  if (competitions.length === 0) return null;
  const id = `${title.toLowerCase()}-title`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="display text-xl sm:text-2xl">
        {title}
      </h2>
      <CompetitionGrid competitions={competitions} now={now} className="mt-4" />
    </section>
  );
}
