import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { db } from '~/services/db.server';
import { columnValues } from '#tests/support/test-database';
import { enqueueJob } from './enqueue.server';
import {
  claimJob,
  completeJob,
  extendLease,
  failJob,
  LeaseLostError,
  listAbandonedJobs,
  pruneJobs,
  releaseJob,
  retryDelay,
  waitingTypes,
} from './lease.server';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const LEASE = 30_000;

const row = (id: number) => db().select().from(jobs).where(eq(jobs.id, id)).get()!;

describe('waitingTypes', () => {
  it('names the types, of those a runner asks for, with a job due or one that lost its runner', () => {
    const waiting = (types: string[], now: number) => [...waitingTypes(types, now)].sort();
    expect(waiting(['roast'], NOW)).toEqual([]);
    enqueueJob(db(), { type: 'roast', key: 'later', runAt: new Date(NOW + 60_000) }, new Date(NOW));
    enqueueJob(db(), { type: 'other', key: 'c' }, new Date(NOW - 5000));
    enqueueJob(db(), { type: 'other', key: 'd' }, new Date(NOW - 4000));
    expect(waiting(['roast'], NOW)).toEqual([]);
    expect(waiting(['roast', 'other'], NOW)).toEqual(['other']);
    expect(waiting(['roast', 'other'], NOW + 60_000)).toEqual(['other', 'roast']);
    expect(waiting([], NOW + 60_000)).toEqual([]);

    const claimed = claimJob(['roast'], LEASE, NOW + 60_000)!;
    // Held under its lease: it waits for nobody; once the lease is over, it waits for a runner again.
    expect(waiting(['roast'], NOW + 60_000)).toEqual([]);
    expect(waiting(['roast'], NOW + 60_000 + LEASE + 1)).toEqual(['roast']);
    completeJob(claimed, () => undefined, NOW + 60_000);
    expect(waiting(['roast'], NOW + 60_000 + LEASE + 1)).toEqual([]);
  });
});

describe('claimJob', () => {
  it('claims due jobs oldest first, each once, and counts the attempt', () => {
    enqueueJob(db(), { type: 'roast', key: 'a' }, new Date(NOW - 2000));
    enqueueJob(db(), { type: 'roast', key: 'b' }, new Date(NOW - 1000));
    enqueueJob(db(), { type: 'roast', key: 'later', runAt: new Date(NOW + 60_000) }, new Date(NOW));
    enqueueJob(db(), { type: 'other', key: 'c' }, new Date(NOW - 5000));

    const first = claimJob(['roast'], LEASE, NOW)!;
    const second = claimJob(['roast'], LEASE, NOW)!;
    expect([first.key, second.key]).toEqual(['a', 'b']);
    expect(first.leaseToken).not.toBe(second.leaseToken);
    expect(row(first.id)).toMatchObject({ status: 'running', attempts: 1, leaseUntil: new Date(NOW + LEASE) });
    // Not yet due, and another runner's type: nothing more for this runner.
    expect(claimJob(['roast'], LEASE, NOW)).toBeNull();
    completeJob(first, () => undefined, NOW);
    completeJob(second, () => undefined, NOW);
    expect(claimJob(['roast'], LEASE, NOW + 60_000)?.key).toBe('later');
  });

  it('takes over a job whose runner died once its lease has run out, and fences the old runner off', () => {
    enqueueJob(db(), { type: 'roast', key: 'roast:7' }, new Date(NOW));
    const dead = claimJob(['roast'], LEASE, NOW)!;
    expect(claimJob(['roast'], LEASE, NOW + LEASE - 1)).toBeNull();

    const next = claimJob(['roast'], LEASE, NOW + LEASE + 1)!;
    expect(next.id).toBe(dead.id);
    expect(next.attempts).toBe(2);

    // The old runner comes back to life: its writes are refused, the new one's land.
    let written = 0;
    expect(() => completeJob(dead, () => (written += 1))).toThrow(LeaseLostError);
    expect(extendLease(dead, LEASE)).toBe(false);
    completeJob(next, () => (written += 1));
    expect(written).toBe(1);
    expect(row(next.id).status).toBe('done');
  });

  it('leaves a job that ran out of attempts while its runner died to be failed, not claimed', () => {
    enqueueJob(db(), { type: 'roast', key: 'k', maxAttempts: 1 }, new Date(NOW));
    const job = claimJob(['roast'], LEASE, NOW)!;
    expect(claimJob(['roast'], LEASE, NOW + LEASE + 1)).toBeNull();
    expect(listAbandonedJobs(['roast'], NOW + LEASE + 1).map((abandoned) => abandoned.id)).toEqual([job.id]);
  });
});

describe('completeJob', () => {
  it('rolls the job back to running when its writes fail', () => {
    enqueueJob(db(), { type: 'roast' }, new Date(NOW));
    const job = claimJob(['roast'], LEASE, NOW)!;
    expect(() =>
      completeJob(job, () => {
        throw new Error('constraint failed');
      }),
    ).toThrow('constraint failed');
    expect(row(job.id).status).toBe('running');
  });
});

describe('failJob', () => {
  it('retries with exponential backoff, then leaves the job failed and runs giveUp once', () => {
    enqueueJob(db(), { type: 'roast', maxAttempts: 3 }, new Date(NOW));
    const gaveUp: number[] = [];
    let now = NOW;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const job = claimJob(['roast'], LEASE, now)!;
      expect(job.attempts).toBe(attempt);
      const delayMs = retryDelay(attempt, 1000, 60_000, () => 0.5);
      const outcome = failJob(job, `boom ${attempt}`, { delayMs, giveUp: () => gaveUp.push(job.id) }, now);
      expect(outcome).toBe(attempt < 3 ? 'retry' : 'failed');
      if (attempt < 3) {
        expect(row(job.id).runAt.getTime()).toBe(now + delayMs);
        expect(claimJob(['roast'], LEASE, now + delayMs - 1)).toBeNull();
        now += delayMs;
      }
    }
    expect(gaveUp).toHaveLength(1);
    expect(row(1)).toMatchObject({ status: 'failed', lastError: 'boom 3', attempts: 3, leaseToken: null });
    expect(claimJob(['roast'], LEASE, now + 3600_000)).toBeNull();
  });

  it('doubles the delay per attempt up to the maximum, with jitter', () => {
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelay(attempt, 1000, 10_000, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 10_000]);
    expect(retryDelay(1, 1000, 10_000, () => 0)).toBe(800);
    expect(retryDelay(1, 1000, 10_000, () => 1)).toBe(1200);
  });
});

describe('releaseJob', () => {
  it('hands an interrupted job back at once without counting the attempt', () => {
    enqueueJob(db(), { type: 'roast' }, new Date(NOW));
    const job = claimJob(['roast'], LEASE, NOW)!;
    releaseJob(job, NOW + 10);
    expect(row(job.id)).toMatchObject({ status: 'queued', attempts: 0, leaseToken: null });
    expect(claimJob(['roast'], LEASE, NOW + 10)?.attempts).toBe(1);
  });
});

describe('pruneJobs', () => {
  it('removes finished jobs after a week and failed ones after 30 days', () => {
    const day = 24 * 3600_000;
    for (const [status, age] of [
      ['done', 8 * day],
      ['done', 6 * day],
      ['failed', 31 * day],
      ['failed', 8 * day],
      ['queued', 40 * day],
    ] as const) {
      db()
        .insert(jobs)
        .values({ type: 'x', status, updatedAt: new Date(NOW - age) })
        .run();
    }
    expect(pruneJobs(NOW)).toBe(2);
    expect(columnValues(jobs.status)).toEqual(['done', 'failed', 'queued']);
  });
});
