import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, builds, competitionEntries, competitions, jobs, notifications } from '../../db/schema';
import { closeCompetitions } from './competition-closing-job.server';
import { COMPETITION_CLOSING_JOB } from '~/queue/job-types';
import { startJobRunner } from '#tests/support/job-runner';
import { closeCompetition } from '~/models/competition-closing.server';
import { enterCompetition } from '~/models/competition-entries.server';
import { endCompetition, findCompetition, listPastCompetitions } from '~/models/competitions.server';
import { findProgression } from '~/models/progression.server';
import { rateBuild } from '~/models/ratings.server';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { waitFor } from '#tests/support/wait';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';

const HOUR = 3600_000;

beforeEach(() => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  resetEnv();
});

/** A competition with three entries rated 5, 4 and 3 stars by two voters during it. */
async function aRatedCompetition(endDate: Date) {
  const competitionId = aCompetition({ startDate: new Date(Date.now() - 48 * HOUR), endDate, prizes: ['Gold', 'Silver', 'Bronze'] });
  const voters = [aMember(), aMember()];
  const entrants: { userId: number; buildId: number }[] = [];
  for (const [index, stars] of [3, 5, 4].entries()) {
    const userId = aMember({ username: `entrant${index + 1}`, email: `entrant${index + 1}@example.com` }).id;
    const buildId = await aListedBuild({ userId, title: `${stars}-star rig` });
    enterCompetition({ competitionId, userId, buildId }, new Date(Date.now() - 24 * HOUR));
    for (const voter of voters) rateBuild({ buildId, userId: voter.id, rating: stars }, new Date(Date.now() - 2 * HOUR));
    entrants.push({ userId, buildId });
  }
  return { competitionId, entrants };
}

const placements = (competitionId: number) =>
  db()
    .select({ buildId: competitionEntries.buildId, placement: competitionEntries.placement })
    .from(competitionEntries)
    .where(eq(competitionEntries.competitionId, competitionId))
    .orderBy(competitionEntries.placement)
    .all();

function startRunner() {
  startJobRunner({ [COMPETITION_CLOSING_JOB]: closeCompetitions });
}

describe('closing a competition', () => {
  it('the job closes one whose end date passed: placements by standing, winners, an audit row, and it comes back later', async () => {
    const { competitionId, entrants } = await aRatedCompetition(new Date(Date.now() - HOUR));
    const open = aCompetition({ endDate: new Date(Date.now() + HOUR / 2) });
    db().insert(jobs).values({ type: COMPETITION_CLOSING_JOB, key: COMPETITION_CLOSING_JOB }).run();
    startRunner();
    await waitFor(() => findCompetition(competitionId)!.closedAt !== null);

    const [three, five, four] = entrants.map((entrant) => entrant.buildId);
    expect(placements(competitionId)).toEqual([
      { buildId: five, placement: 1 },
      { buildId: four, placement: 2 },
      { buildId: three, placement: 3 },
    ]);
    expect(findCompetition(open)!.closedAt).toBeNull();
    const [past] = listPastCompetitions();
    expect(past!.winners.map(({ placement, prize, username }) => ({ placement, prize, username }))).toEqual([
      { placement: 1, prize: 'Gold', username: 'entrant2' },
      { placement: 2, prize: 'Silver', username: 'entrant3' },
      { placement: 3, prize: 'Bronze', username: 'entrant1' },
    ]);
    expect(db().select().from(auditLog).all()).toMatchObject([
      { action: 'close-competition', targetId: competitionId, actorName: 'competition closing', details: '3 entries placed' },
    ]);
    const queued = () =>
      db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, COMPETITION_CLOSING_JOB), eq(jobs.status, 'queued')))
        .get();
    await waitFor(() => queued() !== undefined);
    const next = queued()!;
    // It comes back at the next end date (within the hour).
    expect(next.runAt.getTime()).toBe(findCompetition(open)!.endDate.getTime());
  });

  it('never changes a closed result: a retried job, a doubled one, or an admin ending it again', async () => {
    const { competitionId, entrants } = await aRatedCompetition(new Date(Date.now() - HOUR));
    const first = closeCompetition(competitionId);
    expect(first.ok && first.placements.map((placement) => placement.placement)).toEqual([1, 2, 3]);
    const before = placements(competitionId);

    // New votes after closing, and the same job run again (retried, or a second runner).
    const lateVoter = aMember();
    rateBuild({ buildId: entrants[0]!.buildId, userId: lateVoter.id, rating: 5 });
    expect(closeCompetition(competitionId)).toEqual({ ok: false, reason: 'closed' });
    expect(closeCompetition(competitionId)).toEqual({ ok: false, reason: 'closed' });
    const admin = { ...aMember({ username: 'boss', email: 'boss@example.com' }), isAdmin: true, isModerator: false };
    expect(endCompetition(admin, competitionId)).toEqual({ ok: false, reason: 'not_found' });

    expect(placements(competitionId)).toEqual(before);
    expect(db().select().from(auditLog).where(eq(auditLog.action, 'close-competition')).all()).toHaveLength(1);
  });

  it('an admin ending a running competition closes it at once, the same way; the job then finds nothing to do', async () => {
    const { competitionId } = await aRatedCompetition(new Date(Date.now() + 48 * HOUR));
    const admin = { ...aMember({ username: 'boss', email: 'boss@example.com' }), isAdmin: true, isModerator: false };
    const ended = endCompetition(admin, competitionId);
    expect(ended.ok && ended.placements.map((placement) => placement.placement)).toEqual([1, 2, 3]);
    expect(closeCompetition(competitionId)).toEqual({ ok: false, reason: 'closed' });
    expect(
      db()
        .select({ title: builds.title })
        .from(builds)
        .where(eq(builds.id, placements(competitionId)[0]!.buildId))
        .get()!.title,
    ).toBe('5-star rig');
    expect(db().select({ closedAt: competitions.closedAt }).from(competitions).get()!.closedAt).not.toBeNull();
  });

  it('counts for progression once: entrants earn Contender, the podium its experience, the winner Champion; each entrant is queued a result mail', async () => {
    const { competitionId, entrants } = await aRatedCompetition(new Date(Date.now() - HOUR));
    const earned = (userId: number) =>
      findProgression(userId)!
        .achievements.filter((achievement) => achievement.earnedAt)
        .map((achievement) => achievement.code);
    const experience = () => entrants.map(({ userId }) => findProgression(userId)!.experience);
    for (const { userId } of entrants) expect(earned(userId)).toContain('competition-entrant');
    const entered = experience();

    closeCompetition(competitionId);
    closeCompetition(competitionId);
    const [third, first, second] = entrants.map(({ userId }) => earned(userId));
    expect(first).toEqual(expect.arrayContaining(['competition-podium', 'competition-winner']));
    expect(second).toContain('competition-podium');
    expect(second).not.toContain('competition-winner');
    expect(third).toContain('competition-podium');
    const gained = experience().map((after, index) => after - entered[index]!);
    // 1st, 2nd and 3rd place earn 200, 120 and 80 (decision 011), plus 25 for each achievement on the way.
    expect(gained).toEqual([80 + 25, 200 + 50, 120 + 25]);
    const mails = db().select({ userId: notifications.userId, kind: notifications.kind }).from(notifications).all();
    expect(
      mails
        .filter((mail) => mail.kind === 'competition')
        .map((mail) => mail.userId)
        .sort(),
    ).toEqual(entrants.map(({ userId }) => userId).sort());
  });

  it('does not close a competition that is still running', async () => {
    const { competitionId } = await aRatedCompetition(new Date(Date.now() + HOUR));
    expect(closeCompetition(competitionId)).toEqual({ ok: false, reason: 'not_ended' });
    expect(placements(competitionId).every((entry) => entry.placement === null)).toBe(true);
  });
});
