import { Link } from 'react-router';
import type { Route } from './+types/home';
import { CompetitionGrid } from '~/components/competition/card';
import { DropZone, UploadsPaused } from '~/components/drop-zone';
import { useMayUpload } from '~/components/use-may-upload';
import { UploadOrBrowse } from '~/components/upload-or-browse';
import { SharedRegion } from '~/components/shared-region';
import { ResponsiveImage } from '~/components/responsive-image';
import { EmptyState, SectionHeading } from '~/components/section-heading';
import { LevelBadge } from '~/components/progression/level-badge';
import { RatingLine } from '~/components/rating-line';
import { buttonClass } from '~/components/ui/button';
import { TabLinks } from '~/components/ui/tab-links';
import { featuredBuilds as listFeaturedBuilds } from '~/models/featured-builds.server';
import { listActiveCompetitions } from '~/models/competitions.server';
import { imageSources } from '~/images/records.server';
import { leaderboard, parsePeriod } from '~/models/leaderboards.server';
import { type LeaderboardPeriod } from '~/domain/leaderboards';
import { memberCountClaim } from '~/models/member-count.server';
import { dataNow, perDataVersion } from '~/models/version-cache.server';
import { HOME_FEATURED_COUNT, HOME_LEADERBOARD_LIMIT } from '~/utils/constants';
import { pageMeta } from '~/utils/meta';
import { MemberLink } from '~/components/member-link';
import { buildPath } from '~/utils/build-path';
import { toBuildCard } from '~/components/build-card';
import { counted } from '~/utils/count';

export const meta = () =>
  pageMeta('RigRoast', 'Upload a photo of your gaming PC, get roasted by AI, and climb the community leaderboards.');

// Read once per change of the data: every visitor's home page shows the same builds and leaders.
const featuredBuilds = perDataVersion((limit: number) => {
  const featured = listFeaturedBuilds(limit);
  const images = imageSources(featured.map((build) => build.imageId));
  // A card and the start of its roast: this goes into the page's hydration data.
  return featured.map((build) => ({ ...toBuildCard(build, images.get(build.imageId) ?? null), roast: build.roast }));
});
const activeCompetitions = perDataVersion((_all: 'all') => listActiveCompetitions());
const leaders = perDataVersion((board: LeaderboardPeriod) => leaderboard(board, HOME_LEADERBOARD_LIMIT));
const members = perDataVersion((_all: 'all') => memberCountClaim());

export function loader({ url }: Route.LoaderArgs) {
  const board = parsePeriod(url.searchParams.get('board') ?? undefined);
  return {
    featured: featuredBuilds(HOME_FEATURED_COUNT),
    members: members('all'),
    competitions: activeCompetitions('all'),
    board,
    leaders: leaders(board),
    now: dataNow('now'),
  };
}

const boardTabs: { period: LeaderboardPeriod; label: string }[] = [
  { period: 'today', label: 'Today' },
  { period: 'week', label: 'Weekly' },
  { period: 'month', label: 'Monthly' },
  { period: 'all-time', label: 'All Time' },
];

const steps = [
  { title: 'Upload your rig', text: 'Snap your battle station, give it a title and deploy it in seconds.' },
  { title: 'Get roasted', text: 'Our AI studies every cable and RGB strip, then tells you what it really thinks.' },
  { title: 'Climb the ranks', text: 'The community rates your build. The best rigs rule the leaderboards.' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, members, competitions, board, leaders, now } = loaderData;
  const mayUpload = useMayUpload();
  return (
    <SharedRegion name="home" deps={[featured, members, competitions, board, leaders, now, mayUpload]} className="mx-auto max-w-7xl px-4">
      <section aria-labelledby="hero-title" className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2">
        <div>
          {members === null ? null : (
            <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-neon-pink/40 bg-neon-pink/10 px-3 py-1 text-xs font-bold uppercase tracking-widest text-neon-pink">
              {`Join ${members.toLocaleString('en-US')}+ gamers`}
            </p>
          )}
          <h1 id="hero-title" className="display text-4xl leading-[1.05] sm:text-6xl">
            Get your rig <span className="text-gradient">roasted</span>
          </h1>
          <p className="mt-5 max-w-lg text-lg leading-relaxed text-muted">
            Upload your battle station. Our AI tears it apart. The community decides who dominates.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <UploadOrBrowse browseLabel="Browse builds" />
          </div>
        </div>
        {mayUpload ? <DropZone /> : <UploadsPaused />}
      </section>

      <section aria-labelledby="featured-title" className="py-10">
        <SectionHeading id="featured-title">
          Featured <span className="text-gradient">Roasts</span>
        </SectionHeading>
        {featured.length === 0 ? (
          <EmptyState>NO BUILDS DETECTED. DEPLOY YOUR BATTLE STATION FIRST!</EmptyState>
        ) : (
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {featured.map((build) => (
              <li key={build.id} className="panel flex flex-col overflow-hidden">
                {build.image ? (
                  <div className="aspect-[4/3] overflow-hidden bg-void">
                    <ResponsiveImage
                      image={build.image}
                      alt={build.imageAlt}
                      sizes="(min-width: 768px) 33vw, 100vw"
                      className="h-full w-full object-cover"
                    />
                  </div>
                ) : null}
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="wrap-anywhere text-lg font-bold">{build.title}</h3>
                  <p className="flex items-center gap-2 text-sm">
                    <MemberLink username={build.username} /> <LevelBadge level={build.userLevel} />
                  </p>
                  <p className="mt-2 flex items-center gap-2 text-sm text-muted">
                    <RatingLine averageRating={build.averageRating} ratingCount={build.ratingCount} />
                  </p>
                  <p className="mt-3 line-clamp-4 flex-1 text-sm leading-relaxed text-muted">
                    {build.roast || 'The AI is still sharpening its roast for this one.'}
                  </p>
                  <Link to={buildPath(build.id)} className={`${buttonClass('ghost', 'sm')} mt-4 self-start`}>
                    View build<span className="sr-only">: {build.title}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="competitions-title" className="py-10">
        <SectionHeading
          id="competitions-title"
          action={
            competitions.length > 0 ? (
              <Link to="/competitions" className={buttonClass('ghost', 'sm')}>
                View All
              </Link>
            ) : null
          }
        >
          Active <span className="text-gradient">Competitions</span>
        </SectionHeading>
        {competitions.length === 0 ? (
          <div className="panel mt-6 flex flex-col items-center gap-4 p-8 text-center">
            <p className="text-muted">There are no active competitions at the moment.</p>
            <Link to="/past-competitions" className={buttonClass('ghost', 'sm')}>
              View Past Competitions
            </Link>
          </div>
        ) : (
          <CompetitionGrid competitions={competitions} now={now} className="mt-6" />
        )}
      </section>

      <section id="leaderboard" aria-labelledby="leaderboard-title" className="py-10">
        <SectionHeading
          id="leaderboard-title"
          action={
            <Link to={`/leaderboard/${board}`} className={buttonClass('ghost', 'sm')}>
              Full rankings
            </Link>
          }
        >
          Top <span className="text-gradient">Rigs</span>
        </SectionHeading>
        <TabLinks
          label="Leaderboard period"
          tabs={boardTabs.map((tab) => ({
            key: tab.period,
            label: tab.label,
            href: tab.period === 'today' ? '/#leaderboard' : `/?board=${tab.period}#leaderboard`,
          }))}
          current={board}
          className="mt-6"
        />
        {leaders.length === 0 ? (
          <EmptyState>NO BUILDS RANKED YET. DEPLOY YOUR RIG TO DOMINATE!</EmptyState>
        ) : (
          <ol className="mt-6 grid grid-cols-1 gap-3">
            {leaders.map((entry) => (
              <li key={entry.buildId} className="panel flex items-center gap-4 p-4">
                <span className="display w-10 text-center text-2xl text-neon-cyan">#{entry.rank}</span>
                <div className="min-w-0 flex-1">
                  <Link to={buildPath(entry.buildId)} className="block truncate font-bold hover:text-neon-cyan">
                    {entry.title}
                  </Link>
                  <p className="truncate text-sm">
                    <MemberLink username={entry.username} />
                  </p>
                </div>
                <div className="text-right text-sm">
                  <p className="font-bold">{entry.points} pts</p>
                  <p className="text-muted">
                    {entry.average.toFixed(1)} avg · {counted(entry.votes, 'vote', 'votes')}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="how-title" className="py-10">
        <SectionHeading id="how-title">
          How it <span className="text-gradient">works</span>
        </SectionHeading>
        <ol className="mt-6 grid gap-5 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="panel p-6">
              <span aria-hidden="true" className="display text-4xl text-neon-pink">
                0{index + 1}
              </span>
              <h3 className="mt-3 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </SharedRegion>
  );
}
