import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { db } from '~/services/db.server';
import { findBuildDetail } from './builds.server';
import { listNotifications } from './notifications.server';
import { notificationText } from '~/domain/notifications';
import { closeCompetition } from './competition-closing.server';
import { contestEntries } from './competition-contest.server';
import { enterCompetition } from './competition-entries.server';
import { closedStandings } from './competition-standings.server';
import { findCompetition, listPastCompetitions, winnersOf } from './competitions.server';
import { rateBuild } from './ratings.server';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

withScreeningOff();

/** A new member's listed build entered in `competitionId` (or `buildId`, entered again by its owner), `hoursAgo`. */
async function anEntry(competitionId: number, title: string, { buildId, hoursAgo = 20 }: { buildId?: number; hoursAgo?: number } = {}) {
  const userId = buildId === undefined ? aMember().id : findBuildDetail(buildId)!.userId;
  const build = buildId ?? (await aListedBuild({ userId, title }));
  expect(enterCompetition({ competitionId, userId, buildId: build }, ago(hoursAgo))).toMatchObject({ ok: true });
  return build;
}

const rate = (buildId: number, voters: { id: number }[], rating: number) => {
  for (const voter of voters) rateBuild({ buildId, userId: voter.id, rating }, ago(2));
};

describe('closing with a jury', () => {
  it('keeps the jurors’ stars apart: the community winner by the members’ votes, the jury winner by the jurors’', async () => {
    const jurors = [aMember({ username: 'judge1' }), aMember({ username: 'judge2' })];
    const crowd = [aMember(), aMember(), aMember()];
    const competitionId = aCompetition({ startDate: ago(48), endDate: ago(1), jurors: jurors.map((juror) => juror.id) });
    const crowdPleaser = await anEntry(competitionId, 'Crowd pleaser');
    const judgesPick = await anEntry(competitionId, 'Judges’ pick');
    rate(crowdPleaser, crowd, 5);
    rate(judgesPick, crowd, 3);
    // The jurors' fives on the judges' pick would lift it above the crowd pleaser if they counted for the community.
    rate(judgesPick, jurors, 5);
    rate(crowdPleaser, jurors, 1);

    const closed = closeCompetition(competitionId);
    expect(closed).toMatchObject({
      ok: true,
      placements: [
        { buildId: crowdPleaser, placement: 1 },
        { buildId: judgesPick, placement: 2 },
      ],
    });
    expect(closed.ok && closed.juryWinner?.buildId).toBe(judgesPick);

    const competition = findCompetition(competitionId)!;
    expect(competition.jurors).toEqual(['judge1', 'judge2']);
    const { standings } = closedStandings({ ...competition, closedAt: competition.closedAt! });
    expect(standings.map(({ title, votes, points, juryPlacement }) => ({ title, votes, points, juryPlacement }))).toEqual([
      { title: 'Crowd pleaser', votes: 3, points: 15, juryPlacement: 2 },
      { title: 'Judges’ pick', votes: 3, points: 9, juryPlacement: 1 },
    ]);
    const [past] = listPastCompetitions();
    expect(past!.winners[0]!.build?.title).toBe('Crowd pleaser');
    expect(past!.juryWinner?.build?.title).toBe('Judges’ pick');
    // Each entrant's result, in the bell and the mail: the jury winner is told of both.
    const told = (buildId: number) => notificationText(listNotifications(findBuildDetail(buildId)!.userId).items[0]!);
    expect(told(judgesPick)).toMatch(/you won the jury prize\. Congratulations! Your build placed #2 in the community vote\./);
    expect(told(crowdPleaser)).toMatch(/and you won it\. Congratulations!$/);

    // A winning build hidden since keeps its place and its member, never its name.
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, judgesPick)).run();
    const [after] = listPastCompetitions();
    expect(after!.juryWinner).toEqual({ userId: findBuildDetail(judgesPick)!.userId, username: expect.any(String), build: null });
    expect(after!.winners.map((winner) => [winner.placement, winner.build?.title ?? null])).toEqual([
      [1, 'Crowd pleaser'],
      [2, null],
    ]);
    expect(winnersOf([competitionId], () => []).get(competitionId)![1]!.build).toBeNull();
  });

  it('names no jury winner without a jury', async () => {
    const competitionId = aCompetition({ startDate: ago(48), endDate: ago(1) });
    rate(await anEntry(competitionId, 'Only rig'), [aMember()], 4);
    expect(closeCompetition(competitionId)).toMatchObject({ ok: true, juryWinner: null });
    expect(listPastCompetitions()[0]!.juryWinner).toBeNull();
  });
});

describe('entries nobody voted for', () => {
  it('take no place: a competition without a vote has no winner, and an entry alone in being voted for wins alone', async () => {
    const quiet = aCompetition({ startDate: ago(48), endDate: ago(1) });
    const earliest = await anEntry(quiet, 'Earliest rig', { hoursAgo: 40 });
    const later = await anEntry(quiet, 'Later rig', { hoursAgo: 30 });
    expect(closeCompetition(quiet)).toMatchObject({ ok: true, placements: [], juryWinner: null });
    expect(winnersOf([quiet], () => []).get(quiet) ?? []).toEqual([]);
    const competition = findCompetition(quiet)!;
    expect(closedStandings({ ...competition, closedAt: competition.closedAt! }).standings).toEqual([]);
    for (const buildId of [earliest, later]) {
      const owner = findBuildDetail(buildId)!.userId;
      expect(notificationText(listNotifications(owner).items[0]!)).toMatch(/did not place this time/);
    }

    const voted = aCompetition({ startDate: ago(48), endDate: ago(1) });
    await anEntry(voted, 'Unjudged early rig', { hoursAgo: 40 });
    const judged = await anEntry(voted, 'Judged rig', { hoursAgo: 30 });
    await anEntry(voted, 'Unjudged late rig', { hoursAgo: 20 });
    rate(judged, [aMember()], 2);
    expect(closeCompetition(voted)).toMatchObject({ ok: true, placements: [{ buildId: judged, placement: 1 }] });
    expect(closeCompetition(voted)).toMatchObject({ ok: false, reason: 'closed' });
  });
});

describe('the counts a result was decided by', () => {
  /** A closed competition whose one entry a member rated 2 two hours ago: the entry and how it stands. */
  async function closedWithOneVote() {
    const competitionId = aCompetition({ startDate: ago(48), endDate: ago(1) });
    const voter = aMember();
    const entry = await anEntry(competitionId, 'Once voted rig');
    rate(entry, [voter], 2);
    expect(closeCompetition(competitionId)).toMatchObject({ ok: true, placements: [{ buildId: entry, placement: 1 }] });
    const standing = () => {
      const competition = findCompetition(competitionId)!;
      return closedStandings({ ...competition, closedAt: competition.closedAt! }).standings.map(({ rank, votes, points }) => ({
        rank,
        votes,
        points,
      }));
    };
    return { entry, voter, standing };
  }

  it('stay with it: a vote changed after the close leaves the standing as it was', async () => {
    const { entry, voter, standing } = await closedWithOneVote();
    // The voter changes their mind after the end: their rating now dates from after the competition.
    rateBuild({ buildId: entry, userId: voter.id, rating: 5 }, new Date());
    expect(standing()).toEqual([{ rank: 1, votes: 1, points: 2 }]);
  });
});

describe('the series rule', () => {
  it('a build that won a competition of the series cannot win it again: the next-ranked entry wins; a new build can', async () => {
    const crowd = [aMember(), aMember(), aMember()];
    const first = aCompetition({ series: 'Setup of the Month', startDate: ago(100), endDate: ago(60) });
    const champion = await anEntry(first, 'Champion rig', { hoursAgo: 80 });
    rateBuild({ buildId: champion, userId: crowd[0]!.id, rating: 5 }, ago(70));
    expect(closeCompetition(first)).toMatchObject({ ok: true, placements: [{ buildId: champion, placement: 1 }] });

    const second = aCompetition({ series: 'Setup of the Month', startDate: ago(48), endDate: ago(1) });
    await anEntry(second, '', { buildId: champion });
    const runnerUp = await anEntry(second, 'Runner-up rig');
    rate(champion, crowd, 5);
    rate(runnerUp, crowd, 3);
    expect(closeCompetition(second)).toMatchObject({
      ok: true,
      placements: [
        { buildId: runnerUp, placement: 1 },
        { buildId: champion, placement: 2 },
      ],
    });

    // Another series, or none, is another title to win.
    const other = aCompetition({ series: 'Cable Wars', startDate: ago(48), endDate: ago(1) });
    await anEntry(other, '', { buildId: champion });
    rate(await anEntry(other, 'Third rig'), crowd, 3);
    expect(closeCompetition(other)).toMatchObject({ ok: true, placements: [{ buildId: champion, placement: 1 }, { placement: 2 }] });
  });

  it('leaves first place empty when the only entries voted for already won the series, by the community or the jury', async () => {
    const juror = aMember();
    const first = aCompetition({ series: 'Quiet Cup', startDate: ago(100), endDate: ago(60), jurors: [juror.id] });
    const champion = await anEntry(first, 'Champion rig', { hoursAgo: 80 });
    rateBuild({ buildId: champion, userId: aMember().id, rating: 5 }, ago(70));
    rateBuild({ buildId: champion, userId: juror.id, rating: 5 }, ago(70));
    expect(closeCompetition(first)).toMatchObject({ placements: [{ buildId: champion, placement: 1 }], juryWinner: { buildId: champion } });

    const second = aCompetition({ series: 'Quiet Cup', startDate: ago(48), endDate: ago(1), jurors: [juror.id] });
    await anEntry(second, '', { buildId: champion });
    await anEntry(second, 'Unvoted rig');
    rate(champion, [aMember()], 1);
    rate(champion, [juror], 1);
    expect(closeCompetition(second)).toMatchObject({ ok: true, placements: [{ buildId: champion, placement: 2 }], juryWinner: null });
    expect(
      winnersOf([second], () => [])
        .get(second)!
        .map((winner) => winner.placement),
    ).toEqual([2]);
  });

  it('bars the jury prize too, for a build that won the series by either vote', async () => {
    const juror = aMember();
    const first = aCompetition({ series: 'Monthly', startDate: ago(100), endDate: ago(60), jurors: [juror.id] });
    const judged = await anEntry(first, 'Judged rig', { hoursAgo: 80 });
    rateBuild({ buildId: judged, userId: juror.id, rating: 5 }, ago(70));
    expect(closeCompetition(first)).toMatchObject({ ok: true, juryWinner: { buildId: judged } });

    const second = aCompetition({ series: 'Monthly', startDate: ago(48), endDate: ago(1), jurors: [juror.id] });
    await anEntry(second, '', { buildId: judged });
    const fresh = await anEntry(second, 'Fresh rig');
    rate(judged, [juror], 5);
    rate(fresh, [juror], 2);
    expect(closeCompetition(second)).toMatchObject({ ok: true, juryWinner: { buildId: fresh } });
  });
});

describe('contest mode', () => {
  it('lists the entries with the viewer’s own stars and nothing of how they stand, each visitor in an order of their own', async () => {
    const competitionId = aCompetition({ startDate: ago(48), endDate: new Date(Date.now() + 48 * HOUR) });
    const viewer = aMember();
    const builds: number[] = [];
    for (let index = 0; index < 12; index += 1) builds.push(await anEntry(competitionId, `Rig ${index}`));
    rateBuild({ buildId: builds[3]!, userId: viewer.id, rating: 4 });

    const seen = contestEntries(competitionId, `member:${viewer.id}`, viewer.id);
    expect(Object.keys(seen[0]!).sort()).toEqual(['buildId', 'imageId', 'mine', 'myRating', 'photoAlt', 'title', 'userLevel', 'username']);
    expect(seen.find((entry) => entry.buildId === builds[3])!.myRating).toBe(4);
    expect(seen.filter((entry) => entry.myRating !== null)).toHaveLength(1);
    expect(contestEntries(competitionId, `member:${viewer.id}`, viewer.id).map((entry) => entry.buildId)).toEqual(
      seen.map((entry) => entry.buildId),
    );
    expect(contestEntries(competitionId, 'guest:198.51.100.7', null).map((entry) => entry.buildId)).not.toEqual(
      seen.map((entry) => entry.buildId),
    );
    expect(findCompetition(competitionId)!.contest).toBe(true);
  });
});
