import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds } from '../../db/schema';
import { enterCompetition, memberEntry, withdrawEntry } from './competition-entries.server';
import { rankEntries } from './competition-standings.server';
import { findCompetition } from './competitions.server';
import { rateBuild } from './ratings.server';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';

const DAY = 24 * 3600_000;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs);

let competitionId: number;

beforeEach(() => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
  competitionId = aCompetition({ startDate: at(-2 * DAY), endDate: at(5 * DAY) });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

/** The live ranking the closing will place by (pages show none while it runs: contest mode). */
const standings = () =>
  rankEntries(db(), findCompetition(competitionId, at(0))!).map(({ buildId, votes, points }, index) => ({
    title: db().select().from(builds).where(eq(builds.id, buildId)).get()!.title,
    votes,
    points,
    rank: index + 1,
  }));

describe('entering a competition', () => {
  it('takes one entry per member: entering again replaces it, and withdrawing removes it', async () => {
    const member = aMember();
    const first = await aListedBuild({ userId: member.id, title: 'First rig' });
    const second = await aListedBuild({ userId: member.id, title: 'Second rig' });

    expect(enterCompetition({ competitionId, userId: member.id, buildId: first }, at(0))).toEqual({ ok: true, replaced: false });
    expect(enterCompetition({ competitionId, userId: member.id, buildId: second }, at(1000))).toEqual({ ok: true, replaced: true });
    expect(memberEntry(competitionId, member.id)).toEqual({ buildId: second, title: 'Second rig' });
    expect(standings().map((standing) => standing.title)).toEqual(['Second rig']);

    expect(withdrawEntry({ competitionId, userId: member.id }, at(2000))).toEqual({ ok: true });
    expect(memberEntry(competitionId, member.id)).toBeNull();
    expect(withdrawEntry({ competitionId, userId: member.id }, at(3000))).toEqual({ ok: false, reason: 'not_entered' });
  });

  it('refuses someone else’s build, an unlisted build, and a competition that is not open', async () => {
    const member = aMember();
    const someoneElses = await aListedBuild({ title: 'Not mine' });
    const held = await aListedBuild({ userId: member.id, title: 'Held rig' });
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, held)).run();
    const mine = await aListedBuild({ userId: member.id, title: 'Mine' });
    const upcoming = aCompetition({ startDate: at(DAY), endDate: at(3 * DAY) });

    expect(enterCompetition({ competitionId, userId: member.id, buildId: someoneElses }, at(0))).toEqual({
      ok: false,
      reason: 'not_your_build',
    });
    expect(enterCompetition({ competitionId, userId: member.id, buildId: held }, at(0))).toEqual({ ok: false, reason: 'not_listed' });
    expect(enterCompetition({ competitionId: upcoming, userId: member.id, buildId: mine }, at(0))).toEqual({
      ok: false,
      reason: 'not_open',
    });
    expect(enterCompetition({ competitionId, userId: member.id, buildId: mine }, at(6 * DAY))).toEqual({ ok: false, reason: 'not_open' });
    expect(enterCompetition({ competitionId: 999, userId: member.id, buildId: mine }, at(0))).toEqual({ ok: false, reason: 'not_found' });
    expect(memberEntry(competitionId, member.id)).toBeNull();
  });
});

describe('competition standings', () => {
  it('rank by the Bayesian score over ratings given during the competition only', async () => {
    const voters = [aMember(), aMember(), aMember()];
    const steady = await aListedBuild({ title: 'Steady rig' });
    const early = await aListedBuild({ title: 'Rated before' });
    for (const [buildId, entrant] of [steady, early].map((id) => [id, db().select().from(builds).where(eq(builds.id, id)).get()!.userId])) {
      enterCompetition({ competitionId, userId: entrant!, buildId: buildId! }, at(-DAY));
    }
    // Five-star votes before the start and after the end do not count; the in-window 4s do.
    for (const voter of voters) rateBuild({ buildId: early, userId: voter.id, rating: 5 }, at(-3 * DAY));
    for (const voter of voters) rateBuild({ buildId: steady, userId: voter.id, rating: 4 }, at(0));

    expect(standings().map(({ title, votes, points, rank }) => ({ title, votes, points, rank }))).toEqual([
      { title: 'Steady rig', votes: 3, points: 12, rank: 1 },
      { title: 'Rated before', votes: 0, points: 0, rank: 2 },
    ]);
  });

  it('places entries without votes last, below one whose three votes are low', async () => {
    const unrated = await aListedBuild({ title: 'Nobody voted' });
    const lowRated = await aListedBuild({ title: 'Three low votes' });
    const owner = (id: number) => db().select().from(builds).where(eq(builds.id, id)).get()!.userId;
    enterCompetition({ competitionId, userId: owner(unrated), buildId: unrated }, at(-DAY));
    enterCompetition({ competitionId, userId: owner(lowRated), buildId: lowRated }, at(-DAY + 5000));
    for (const voter of [aMember(), aMember(), aMember()]) rateBuild({ buildId: lowRated, userId: voter.id, rating: 2 }, at(0));

    expect(standings().map(({ title, votes, rank }) => ({ title, votes, rank }))).toEqual([
      { title: 'Three low votes', votes: 3, rank: 1 },
      { title: 'Nobody voted', votes: 0, rank: 2 },
    ]);
  });

  it('breaks a tie for the earlier entry, and drops a build that stops being listed', async () => {
    const later = await aListedBuild({ title: 'Entered later' });
    const earlier = await aListedBuild({ title: 'Entered earlier' });
    const owner = (id: number) => db().select().from(builds).where(eq(builds.id, id)).get()!.userId;
    enterCompetition({ competitionId, userId: owner(later), buildId: later }, at(-DAY + 5000));
    enterCompetition({ competitionId, userId: owner(earlier), buildId: earlier }, at(-DAY));
    expect(standings().map((standing) => standing.title)).toEqual(['Entered earlier', 'Entered later']);

    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, earlier)).run();
    expect(standings().map((standing) => standing.title)).toEqual(['Entered later']);
    expect(findCompetition(competitionId, at(0))!.entryCount).toBe(1);
  });
});
