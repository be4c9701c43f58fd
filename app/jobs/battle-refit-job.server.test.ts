import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { battleFit, battleStandings, jobs } from '../../db/schema';
import { refitBattles, scheduleBattleRefit } from './battle-refit-job.server';
import { BATTLE_REFIT_EVERY_MS, battleLeaderboard, castBattleVote } from '~/models/battles.server';
import { BATTLE_REFIT_JOB } from '~/queue/job-types';
import { JobRunner } from '~/queue/runner.server';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { startJobRunner } from '#tests/support/job-runner';
import { withScreeningOff } from '#tests/support/screening-off';
import { waitFor } from '#tests/support/wait';

withScreeningOff();

beforeEach(() => {
  vi.stubEnv('BATTLE_MIN_LEVEL', '1');
  resetEnv();
});

const refitJobs = () => db().select().from(jobs).where(eq(jobs.type, BATTLE_REFIT_JOB)).orderBy(jobs.id).all();

/** Four builds and five members who each prefer the lower-numbered build of every pair. */
async function votedArena() {
  const builds = await Promise.all(Array.from({ length: 4 }, () => aListedBuild()));
  for (let voter = 0; voter < 5; voter++) {
    const voterId = aMember().id;
    for (let i = 0; i < builds.length; i++)
      for (let j = i + 1; j < builds.length; j++) castBattleVote({ voterId, first: builds[i]!, second: builds[j]!, choice: 'first' });
  }
  return builds;
}

describe('the battle refit job', () => {
  it('fits every listed build to the votes, stores the standings, and comes back in ten minutes', async () => {
    const builds = await votedArena();
    startJobRunner({ [BATTLE_REFIT_JOB]: refitBattles });
    // The votes' own request, brought forward to now.
    db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, BATTLE_REFIT_JOB)).run();
    await waitFor(() => refitJobs().length === 2);
    expect(db().select().from(battleStandings).all()).toHaveLength(4);
    expect(battleLeaderboard(10).map((entry) => entry.buildId)).toEqual(builds);
    const [done, next] = refitJobs();
    expect(done!.status).toBe('done');
    expect(next!.runAt.getTime() - done!.updatedAt.getTime()).toBeGreaterThan(BATTLE_REFIT_EVERY_MS - 5000);
  });

  it('writes nothing when no vote came and no build was listed or hidden since the last fit', async () => {
    await votedArena();
    startJobRunner({ [BATTLE_REFIT_JOB]: refitBattles });
    db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, BATTLE_REFIT_JOB)).run();
    await waitFor(() => refitJobs().length === 2);
    const fitted = db().select().from(battleStandings).all();
    db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued')).run();
    await waitFor(() => refitJobs().length === 3);
    expect(db().select().from(battleStandings).all()).toEqual(fitted);
  });

  it('rewrites only the standings a new vote or a new build moved, and marks the fit done', async () => {
    const builds = await votedArena();
    // Two builds nobody voted on: a vote elsewhere leaves them as they were.
    await aListedBuild();
    await aListedBuild();
    startJobRunner({ [BATTLE_REFIT_JOB]: refitBattles });
    const refitNow = async (runs: number) => {
      db()
        .update(jobs)
        .set({ runAt: new Date() })
        .where(and(eq(jobs.type, BATTLE_REFIT_JOB), eq(jobs.status, 'queued')))
        .run();
      await waitFor(() => refitJobs().length === runs);
    };
    await refitNow(2);
    expect(db().select().from(battleStandings).all()).toHaveLength(6);
    const sqlite = db().$client;
    sqlite.exec(`
      create temp table written (build_id integer);
      create temp trigger standing_inserted after insert on battle_standings begin insert into written values (new.build_id); end;
      create temp trigger standing_updated after update on battle_standings begin insert into written values (new.build_id); end;
    `);
    const written = () => sqlite.prepare('select build_id from written order by build_id').pluck().all();
    castBattleVote({ voterId: aMember().id, first: builds[3]!, second: builds[0]!, choice: 'first' });
    await refitNow(3);
    expect(written()).toEqual([...builds].sort((a, b) => a - b));
    sqlite.exec('delete from written');
    const listed = await aListedBuild();
    const requested = Date.now();
    await refitNow(4);
    expect(written()).toEqual([listed]);
    expect(db().select().from(battleStandings).all()).toHaveLength(7);
    expect(db().select().from(battleFit).get()!.fittedAt.getTime()).toBeGreaterThanOrEqual(requested);
  });

  it('runs only on the primary', async () => {
    await votedArena();
    let primary = false;
    const runner = new JobRunner({
      lanes: [{ name: 'upkeep', concurrency: 1, handlers: { [BATTLE_REFIT_JOB]: refitBattles } }],
      pollMs: 20,
      leaseMs: 5000,
      isPrimary: async () => primary,
    });
    scheduleBattleRefit(db());
    db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, BATTLE_REFIT_JOB)).run();
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(db().select().from(battleStandings).all()).toEqual([]);
      primary = true;
      await waitFor(() => db().select().from(battleStandings).all().length === 4);
    } finally {
      await runner.stop();
    }
  });
});
