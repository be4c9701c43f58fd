import { data, Link } from 'react-router';
import type { Route } from './+types/route';
import { enter, rateInPlace, withdraw } from './actions.server';
import { ContestEntries } from './contest-entries';
import { EntryForm } from './entry-form';
import { SuspendedNotice } from '~/components/suspended-notice';
import { Standings } from './standings';
import { CompetitionBadge } from '~/components/competition/badge';
import { Countdown } from '~/components/competition/countdown';
import { ribbonData } from '~/components/competition/trophies';
import { JuryWinner, shownBuild, Winners } from '~/components/competition/winners';
import { buttonClass } from '~/components/ui/button';
import { contestEntries } from '~/models/competition-contest.server';
import { enterableBuilds, memberEntry } from '~/models/competition-entries.server';
import { isJuror } from '~/models/competition-jurors.server';
import { closedStandings } from '~/models/competition-standings.server';
import { findCompetition, juryWinnersOf, winnersOf } from '~/models/competitions.server';
import { suspensionNotice } from '~/models/member-moderation.server';
import { buildWins } from '~/models/competition-wins.server';
import { imageSources } from '~/images/records.server';
import { contestVisitor } from '~/web/contest-visitor.server';
import { currentUser, requireUser } from '~/web/session.server';
import { daysLeftText, shortDateTime, startsInText } from '~/utils/dates';
import { notFound } from '~/utils/not-found';
import { pageMeta } from '~/utils/meta';
import { competitionFeedPath, feedLink } from '~/utils/feed-paths';
import { photoAlt } from '~/domain/photo-alt';
import { positiveInt } from '~/utils/query';

/**
 * While the competition runs (contest mode) its entries in the visitor's own
 * order, with the member's own stars and nothing of how they stand; once closed,
 * the final standings, the podium and the jury prize.
 */
export function loader(args: Route.LoaderArgs) {
  const now = new Date();
  const id = positiveInt(args.params.id);
  const competition = id === null ? null : findCompetition(id, now);
  if (!competition) throw notFound('competition');
  const viewer = currentUser(args);
  const { closedAt } = competition;
  const entries = competition.contest
    ? contestEntries(competition.id, contestVisitor(args.request, viewer), viewer?.id ?? null, now)
    : null;
  const closed = closedAt ? closedStandings({ ...competition, closedAt }) : null;
  const standings = closed?.standings ?? null;
  const winners = closedAt ? (winnersOf([competition.id], () => competition.prizes).get(competition.id) ?? []) : null;
  const juryWinner = closedAt ? (juryWinnersOf([competition.id]).get(competition.id) ?? null) : null;
  const named = [...(winners ?? []), ...(juryWinner ? [juryWinner] : [])].flatMap((winner) => winner.build ?? []);
  const images = imageSources([...(entries ?? []), ...(standings ?? []), ...named].map((entry) => entry.imageId));
  const image = (imageId: number) => images.get(imageId) ?? null;
  const wins = buildWins(standings?.map((standing) => standing.buildId) ?? []);
  return {
    competition,
    entries:
      entries?.map(({ imageId, photoAlt: alt, ...entry }) => ({ ...entry, image: image(imageId), imageAlt: photoAlt(alt, entry.title) })) ??
      null,
    standings:
      standings?.map(({ buildId, ...standing }) => ({
        ...standing,
        id: buildId,
        image: image(standing.imageId),
        imageAlt: photoAlt(standing.photoAlt, standing.title),
        ribbons: (wins.get(buildId) ?? []).map(ribbonData),
      })) ?? null,
    unlistedPlaces: closed?.unlistedPlaces ?? [],
    unplaced: closed?.unplaced ?? [],
    winners: winners?.map(({ build, ...winner }) => ({ ...winner, build: shownBuild(build, image) })) ?? null,
    juryWinner: juryWinner ? { ...juryWinner, build: shownBuild(juryWinner.build, image) } : null,
    member:
      viewer && competition.open
        ? { entry: memberEntry(competition.id, viewer.id), builds: enterableBuilds(viewer.id), suspension: suspensionNotice(viewer) }
        : null,
    juror: viewer !== null && competition.contest && isJuror(competition.id, viewer.id),
    signedIn: viewer !== null,
    now: now.getTime(),
  };
}

/** Entering (or replacing) and withdrawing the member's own entry, and rating an entry in place. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const competitionId = positiveInt(args.params.id);
  if (competitionId === null) throw notFound('competition');
  const formData = await args.request.formData();
  const back = `/competitions/${competitionId}`;
  switch (formData.get('intent')) {
    case 'enter':
      return enter(args, competitionId, user.id, formData, back);
    case 'withdraw':
      return withdraw(competitionId, user.id, back);
    case 'rate':
      return rateInPlace(args.request, competitionId, user.id, formData, back);
    default:
      throw data(null, { status: 400 });
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(loaderData?.competition.title ?? 'Competition', loaderData?.competition.description ?? 'A RigRoast build competition.'),
  ...(loaderData ? [feedLink(`${loaderData.competition.title}: entries and results`, competitionFeedPath(loaderData.competition.id))] : []),
];

export default function Competition({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, entries, standings, unlistedPlaces, unplaced, winners, juryWinner, member, juror, signedIn, now } = loaderData;
  const back = `/competitions/${competition.id}`;
  const { open } = competition;
  return (
    <article className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <CompetitionBadge badgeUrl={competition.badgeUrl} className="size-20" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-bold uppercase tracking-widest">
            <StatusLabel status={competition.status} startDate={competition.startDate} endDate={competition.endDate} now={now} />
          </p>
          <h1 className="display wrap-anywhere mt-2 text-3xl sm:text-5xl">{competition.title}</h1>
          <p className="mt-2 text-neon-cyan">{competition.theme}</p>
          <p className="mt-4 max-w-3xl leading-relaxed whitespace-pre-line text-muted">{competition.description}</p>
          {open ? (
            <div className="mt-5">
              <Countdown endDate={competition.endDate} />
            </div>
          ) : null}
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <dl className="panel grid content-start gap-4 p-5 text-sm">
          <div>
            <dt className="font-bold uppercase tracking-widest text-muted">Starts</dt>
            <dd>
              <time dateTime={competition.startDate.toISOString()}>{shortDateTime(competition.startDate)}</time>
            </dd>
          </div>
          <div>
            <dt className="font-bold uppercase tracking-widest text-muted">Ends</dt>
            <dd>
              <time dateTime={competition.endDate.toISOString()}>{shortDateTime(competition.endDate)}</time>
            </dd>
          </div>
          {competition.prizes.length > 0 ? (
            <div>
              <dt className="font-bold uppercase tracking-widest text-muted">Prizes</dt>
              <dd>
                <ul className="grid gap-1">
                  {competition.prizes.map((prize) => (
                    <li key={prize}>{prize}</li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {competition.jurors.length > 0 ? (
            <div>
              <dt className="font-bold uppercase tracking-widest text-muted">Jury</dt>
              <dd>
                {competition.jurors.map((name) => `@${name}`).join(', ')}: their stars make a jury prize of their own and do not count for
                the community vote.
              </dd>
            </div>
          ) : null}
          {competition.series ? (
            <div>
              <dt className="font-bold uppercase tracking-widest text-muted">Series</dt>
              <dd>{competition.series}: a build that won a competition of this series cannot win it again (enter a new build).</dd>
            </div>
          ) : null}
          {competition.rules ? (
            <div>
              <dt className="font-bold uppercase tracking-widest text-muted">Rules</dt>
              <dd className="whitespace-pre-line">{competition.rules}</dd>
            </div>
          ) : null}
        </dl>
        <div className="grid grid-cols-1 content-start gap-6">
          {winners ? (
            <section aria-labelledby="winners-title" className="panel grid grid-cols-1 gap-4 p-5">
              <h2 id="winners-title" className="display text-xl">
                Winners
              </h2>
              <Winners winners={winners} label={`Winners of ${competition.title}`} entryCount={competition.entryCount} />
              {juryWinner ? <JuryWinner winner={juryWinner} /> : null}
            </section>
          ) : null}
          {member ? (
            member.suspension ? (
              <SuspendedNotice notice={member.suspension} />
            ) : member.builds.length > 0 ? (
              <EntryForm builds={member.builds} entry={member.entry} lastResult={actionData?.result ?? null} />
            ) : (
              <p className="panel p-5 text-sm">
                You have no listed build to enter yet.{' '}
                <Link to="/upload" className="font-bold text-neon-cyan underline-offset-4 hover:underline">
                  Upload one
                </Link>{' '}
                and come back once it is listed.
              </p>
            )
          ) : open && !signedIn ? (
            <p className="panel flex flex-wrap items-center justify-between gap-3 p-5 text-sm">
              Sign in to enter one of your builds.
              <Link to={`/auth?redirectTo=${encodeURIComponent(back)}`} className={buttonClass('primary', 'sm')}>
                Log in to enter
              </Link>
            </p>
          ) : !open && !winners ? (
            <p className="panel p-5 text-sm text-muted">
              {competition.status === 'upcoming'
                ? `Entries open when the competition starts, on ${shortDateTime(competition.startDate)}.`
                : 'Entries are closed. The results are being counted.'}
            </p>
          ) : null}
        </div>
      </div>

      {entries ? (
        <ContestEntries entries={entries} voting={open} signedIn={signedIn} juror={juror} back={back} />
      ) : standings ? (
        <Standings standings={standings} unlistedPlaces={unlistedPlaces} unplaced={unplaced} />
      ) : null}
      <p>
        <Link to="/competitions" className={buttonClass('ghost', 'sm')}>
          All competitions
        </Link>
      </p>
    </article>
  );
}

function StatusLabel({ status, startDate, endDate, now }: { status: string; startDate: Date; endDate: Date; now: number }) {
  if (status === 'upcoming') return <span className="text-neon-cyan">{startsInText(startDate, now)}</span>;
  if (status === 'ended') return <span className="text-muted">Ended</span>;
  return (
    <span className="flex gap-3">
      <span className="rounded-full bg-neon-lime/15 px-2 py-0.5 text-neon-lime">Active</span>
      <span className="text-muted">{daysLeftText(endDate, now)}</span>
    </span>
  );
}
