import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { db } from '~/services/db.server';
import { enqueueJob, enqueueOrExpedite, hasActiveJob } from './enqueue.server';
import { claimJob, completeJob } from './lease.server';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const LEASE = 30_000;

describe('enqueueJob', () => {
  it('commits or rolls back with the transaction that writes its row', () => {
    expect(() =>
      db().transaction((tx) => {
        enqueueJob(tx, { type: 'roast', key: 'roast:1' });
        throw new Error('the build insert failed');
      }),
    ).toThrow('the build insert failed');
    expect(db().select().from(jobs).all()).toEqual([]);

    db().transaction((tx) => enqueueJob(tx, { type: 'roast', key: 'roast:1' }));
    expect(db().select().from(jobs).all()).toHaveLength(1);
  });

  it('keeps one waiting or running job per key, and allows a new one once it is done', () => {
    expect(enqueueJob(db(), { type: 'roast', key: 'roast:1' }, new Date(NOW))).toBe(true);
    expect(enqueueJob(db(), { type: 'roast', key: 'roast:1' }, new Date(NOW))).toBe(false);
    const job = claimJob(['roast'], LEASE, NOW)!;
    expect(enqueueJob(db(), { type: 'roast', key: 'roast:1' }, new Date(NOW))).toBe(false);
    expect(hasActiveJob('roast:1')).toBe(true);
    completeJob(job, () => undefined, NOW);
    expect(hasActiveJob('roast:1')).toBe(false);
    expect(enqueueJob(db(), { type: 'roast', key: 'roast:1' }, new Date(NOW))).toBe(true);
    // Jobs without a key never collide.
    expect(enqueueJob(db(), { type: 'housekeeping' })).toBe(true);
    expect(enqueueJob(db(), { type: 'housekeeping' })).toBe(true);
  });
});

describe('enqueueOrExpedite', () => {
  const runAts = () =>
    db()
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .all()
      .map((job) => job.runAt.getTime());
  const job = (runAt: number) => ({ type: 'leaderboard', key: 'leaderboard', runAt: new Date(runAt) });

  it('brings the queued job of its key forward, and never puts it off', () => {
    enqueueOrExpedite(db(), job(NOW + 60_000), new Date(NOW));
    enqueueOrExpedite(db(), job(NOW + 3000), new Date(NOW));
    expect(runAts()).toEqual([NOW + 3000]);
    enqueueOrExpedite(db(), job(NOW + 30_000), new Date(NOW));
    expect(runAts()).toEqual([NOW + 3000]);
  });

  it('leaves a running job of its key alone', () => {
    enqueueOrExpedite(db(), job(NOW), new Date(NOW));
    claimJob(['leaderboard'], LEASE, NOW);
    enqueueOrExpedite(db(), job(NOW - 1000), new Date(NOW));
    expect(runAts()).toEqual([NOW]);
  });
});
