import { Link } from 'react-router';
import type { Route } from './+types/week';
import { MemberLink } from '~/components/member-link';
import { EmptyState } from '~/components/section-heading';
import { thisWeek } from '~/models/week-digest.server';
import { digestHasNews } from '~/domain/digest';
import { currentUser } from '~/web/session.server';
import { buildPath } from '~/utils/build-path';
import { pageMeta } from '~/utils/meta';
import { counted } from '~/utils/count';

export const meta = () =>
  pageMeta(
    'The week on RigRoast',
    'The last seven days on RigRoast: the top-rated builds, the roasts that landed, competition results, battle winners and the best glow-ups.',
  );

/** What the Monday digest tells, for anyone, any day: the last seven days. */
export function loader(args: Route.LoaderArgs) {
  return { week: thisWeek(), signedIn: currentUser(args) !== null };
}

export default function Week({ loaderData }: Route.ComponentProps) {
  const { week, signedIn } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="display text-3xl sm:text-5xl">
        The week on <span className="text-gradient">RigRoast</span>
      </h1>
      <p className="mt-3 text-muted">
        The last seven days, as the Monday digest tells them.{' '}
        {signedIn ? (
          <Link to="/profile?tab=settings" className="text-neon-cyan underline-offset-4 hover:underline">
            Get it by mail (settings)
          </Link>
        ) : null}
      </p>
      {digestHasNews(week) ? null : <EmptyState>A quiet week: nothing rated, roasted, battled or won yet.</EmptyState>}
      {week.topBuilds.length > 0 ? (
        <Part id="week-top-builds" title="Top builds">
          <ol className="grid gap-3">
            {week.topBuilds.map((build, index) => (
              <li key={build.id} className="flex gap-3">
                <span className="display w-6 shrink-0 text-neon-pink">{index + 1}</span>
                <p className="min-w-0">
                  <Link to={buildPath(build.id)} className="font-bold hover:text-neon-cyan">
                    {build.title}
                  </Link>{' '}
                  <span className="text-muted">by</span> <MemberLink username={build.username} />
                  <span className="block text-sm text-muted">
                    {build.average.toFixed(1)}★ from {counted(build.votes, 'rating', 'ratings')} this week
                  </span>
                </p>
              </li>
            ))}
          </ol>
        </Part>
      ) : null}
      {week.topRoasts.length > 0 ? (
        <Part id="week-top-roasts" title="Roasts that landed">
          <ul className="grid gap-3">
            {week.topRoasts.map((roast) => (
              <li key={roast.id}>
                <Link to={buildPath(roast.id)} className="font-bold hover:text-neon-cyan">
                  {roast.title}
                </Link>{' '}
                <span className="text-muted">by</span> <MemberLink username={roast.username} />
                <q className="mt-1 block italic text-muted">{roast.opening}</q>
                <span className="text-sm text-muted">{counted(roast.landed, 'member says', 'members say')} it landed</span>
              </li>
            ))}
          </ul>
        </Part>
      ) : null}
      {week.results.length > 0 ? (
        <Part id="week-results" title="Competition results">
          <ul className="grid gap-3">
            {week.results.map((result) => (
              <li key={result.id}>
                <Link to={`/competitions/${result.id}`} className="font-bold hover:text-neon-cyan">
                  {result.title}
                </Link>
                {result.winner ? (
                  <span className="block text-sm">
                    Won by <MemberLink username={result.winner.username} /> with{' '}
                    <Link to={buildPath(result.winner.id)} className="font-semibold hover:text-neon-cyan">
                      {result.winner.title}
                    </Link>
                    {result.winner.prize ? <span className="text-muted"> ({result.winner.prize})</span> : null}
                  </span>
                ) : (
                  <span className="block text-sm text-muted">Closed this week.</span>
                )}
              </li>
            ))}
          </ul>
        </Part>
      ) : null}
      <Highlights id="week-battle-winners" title="Battle winners" builds={week.battleWinners}>
        {(winner) => `Won ${winner.wins} of ${counted(winner.votes, 'battle', 'battles')} this week`}
      </Highlights>
      <Highlights id="week-battle-movers" title="Biggest movers" builds={week.battleMovers}>
        {(mover) => (
          <>
            From #{mover.from} to #{mover.to} in the{' '}
            <Link to="/battles/leaderboard" className="text-neon-cyan underline-offset-4 hover:underline">
              battle rankings
            </Link>
          </>
        )}
      </Highlights>
      <Highlights id="week-glow-ups" title="Best glow-ups" builds={week.glowUps}>
        {(glowUp) => (
          <>
            +{glowUp.improvement.toFixed(1)}★ over{' '}
            <Link to={buildPath(glowUp.before.id)} className="wrap-anywhere hover:text-neon-cyan">
              {glowUp.before.title}
            </Link>
          </>
        )}
      </Highlights>
    </div>
  );
}

/** A part of the week that names builds, each with a line about it; nothing when it has none. */
function Highlights<Build extends { id: number; title: string; username: string }>({
  id,
  title,
  builds,
  children,
}: {
  id: string;
  title: string;
  builds: Build[];
  children: (build: Build) => React.ReactNode;
}) {
  if (builds.length === 0) return null;
  return (
    <Part id={id} title={title}>
      <ul className="grid gap-3">
        {builds.map((build) => (
          <li key={build.id}>
            <Link to={buildPath(build.id)} className="font-bold wrap-anywhere hover:text-neon-cyan">
              {build.title}
            </Link>{' '}
            <span className="text-muted">by</span> <MemberLink username={build.username} />
            <span className="block text-sm text-muted">{children(build)}</span>
          </li>
        ))}
      </ul>
    </Part>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel mt-6 p-5">
      <h2 id={id} className="mb-4 text-xs font-bold uppercase tracking-widest text-neon-cyan">
        {title}
      </h2>
      {children}
    </section>
  );
}
