import { Link, useNavigation } from 'react-router';
import type { Route } from './+types/leaderboard';
import { PERIOD_TABS, PeriodTabs, periodTab } from '~/components/leaderboard/period-tabs';
import { RankedCard, RankedCardPlaceholder } from '~/components/leaderboard/ranked-card';
import { buttonClass } from '~/components/ui/button';
import { useMayUpload } from '~/components/use-may-upload';
import { imageSources } from '~/images/records.server';
import { leaderboard, parsePeriod } from '~/models/leaderboards.server';
import { LEADERBOARD_LIMIT, LEADERBOARD_PLACEHOLDERS } from '~/utils/constants';
import { pageMeta } from '~/utils/meta';
import { photoAlt } from '~/domain/photo-alt';

/** `/leaderboard`, and any period docs/product.md §2 does not name, show today's rankings. */
export function loader({ params }: Route.LoaderArgs) {
  const period = parsePeriod(params.period);
  const entries = leaderboard(period, LEADERBOARD_LIMIT);
  const images = imageSources(entries.map((entry) => entry.imageId));
  return {
    period,
    builds: entries.map((entry) => ({
      rank: entry.rank,
      buildId: entry.buildId,
      title: entry.title,
      username: entry.username,
      points: entry.points,
      average: entry.average,
      votes: entry.votes,
      image: images.get(entry.imageId) ?? null,
      imageAlt: photoAlt(entry.photoAlt, entry.title),
    })),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(
    `Dominance Rankings (${periodTab(loaderData?.period ?? 'today').label.toLowerCase()})`,
    'The top-rated PC builds on RigRoast today, this week, this month and of all time.',
  );

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { period, builds } = loaderData;
  const mayUpload = useMayUpload();
  // With JavaScript, a tab's link loads in place: until it arrives, that tab is
  // drawn as chosen and the grid shows placeholders.
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' ? PERIOD_TABS.find((tab) => tab.href === navigation.location.pathname) : undefined;
  const switching = loading !== undefined && loading.period !== period;
  const shown = switching ? loading : periodTab(period);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      {/* Upper case by the display style, as every page title: "DOMINANCE RANKINGS" on screen. */}
      <h1 className="display text-3xl sm:text-5xl">
        Dominance <span className="text-gradient">Rankings</span>
      </h1>
      <p className="mt-3 max-w-3xl leading-relaxed text-muted">
        Ranked by a weighted average that needs votes to count fully: with only a few votes, a build is pulled towards the period&apos;s
        typical rating, so one lucky 5-star vote cannot outrank a crowd favourite. Points are the stars a build was given in the period;
        ties go to more votes, then to the newer build.
      </p>
      <p className="mt-2 text-sm text-muted">
        Also ranked:{' '}
        <Link to="/glow-ups" className="font-semibold text-neon-cyan underline underline-offset-2">
          Best glow-ups
        </Link>
        , the rigs whose rating went up most after an upgrade, and the{' '}
        <Link to="/battles/leaderboard" className="font-semibold text-neon-cyan underline underline-offset-2">
          Battle rankings
        </Link>
        , builds ranked by head-to-head Rig Battles votes.
      </p>
      <PeriodTabs current={period} shown={shown.period} />

      <section aria-labelledby="rankings-title" className="mt-6">
        <h2 id="rankings-title" className="text-sm font-bold uppercase tracking-widest text-muted">
          {shown.label}: votes {shown.window}
        </h2>
        <p className="sr-only" role="status">
          {switching ? `Loading ${shown.label} rankings…` : ''}
        </p>
        {switching ? (
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
            {Array.from({ length: LEADERBOARD_PLACEHOLDERS }, (_, index) => (
              <RankedCardPlaceholder key={index} />
            ))}
          </div>
        ) : builds.length === 0 ? (
          <div className="panel mt-4 flex flex-col items-center gap-5 border-dashed p-8 text-center">
            <p className="font-bold uppercase tracking-wide text-muted">NO BUILDS RANKED IN THIS PERIOD. DEPLOY YOUR RIG TO DOMINATE!</p>
            {mayUpload ? (
              <Link to="/upload" className={buttonClass('hot', 'md')}>
                Upload your build
              </Link>
            ) : null}
          </div>
        ) : (
          <ol className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
            {builds.map((build) => (
              <li key={build.buildId}>
                <RankedCard build={build} priority={build.rank <= 3} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
