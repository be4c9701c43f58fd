// The runner's side of the jobs table: claiming a due job under a lease, keeping
// the lease, and finishing, failing or handing back only while holding it.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { db, preparedOnce, type Writer } from '~/services/db.server';
import { DAY_MS } from '~/utils/dates';

export type Job = typeof jobs.$inferSelect;
/** A job this runner holds: its lease token must match for any write about it. */
export type ClaimedJob = Job & { leaseToken: string };

/** Thrown when a job's lease passed to another runner: this runner's work must be dropped. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** Every runner polls with this, a few times a second: built and prepared once per connection. */
const claimDue = preparedOnce((connection) => {
  const now = sql.placeholder('now');
  const due = connection
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        sql`${jobs.type} in (select value from json_each(${sql.placeholder('types')}))`,
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
          and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
        ),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1);
  return connection
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: sql`${sql.placeholder('leaseUntil')}`,
      leaseToken: sql`${sql.placeholder('leaseToken')}`,
      startedAt: sql`${now}`,
      updatedAt: sql`${now}`,
    })
    .where(inArray(jobs.id, due))
    .returning()
    .prepare();
});

/**
 * The types of `types` with a job waiting for a runner: queued and due, or running with
 * its lease run out (to be claimed again, or failed for good). A read, so a poll with
 * nothing to claim takes no write lock: a claim is an UPDATE, which takes it.
 */
const waiting = preparedOnce((connection) => {
  const now = sql.placeholder('now');
  return connection
    .selectDistinct({ type: jobs.type })
    .from(jobs)
    .where(
      and(
        sql`${jobs.type} in (select value from json_each(${sql.placeholder('types')}))`,
        or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, now))),
      ),
    )
    .prepare();
});

export function waitingTypes(types: readonly string[], now = Date.now()): Set<string> {
  if (types.length === 0) return new Set();
  return new Set(
    waiting()
      .all({ types: JSON.stringify(types), now })
      .map((row) => row.type),
  );
}

/**
 * Claims the next due job of one of `types`: a queued job whose time has come,
 * or a running one whose lease ran out (its runner died). One UPDATE, so two
 * runners can never claim the same job. The attempt is counted at claim time, so
 * a job that keeps killing its process still runs out of attempts.
 */
export function claimJob(types: readonly string[], leaseMs: number, now = Date.now()): ClaimedJob | null {
  if (types.length === 0) return null;
  const leaseToken = randomUUID();
  const claimed = claimDue().get({ types: JSON.stringify(types), now, leaseUntil: now + leaseMs, leaseToken });
  return claimed ? { ...claimed, leaseToken } : null;
}

/**
 * Running jobs whose lease ran out with no attempt left: the runner marks them
 * failed (with the job type's give-up writes) instead of claiming them again.
 */
export function listAbandonedJobs(types: readonly string[], now = Date.now()): ClaimedJob[] {
  if (types.length === 0) return [];
  return db()
    .select()
    .from(jobs)
    .where(
      and(
        inArray(jobs.type, types),
        eq(jobs.status, 'running'),
        lt(jobs.leaseUntil, new Date(now)),
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      ),
    )
    .all()
    .filter((job): job is ClaimedJob => job.leaseToken !== null);
}

function holds(job: ClaimedJob) {
  return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.leaseToken, job.leaseToken));
}

/** Keeps a long job's lease alive; false when it was lost meanwhile. */
export function extendLease(job: ClaimedJob, leaseMs: number, now = Date.now()): boolean {
  return (
    db()
      .update(jobs)
      .set({ leaseUntil: new Date(now + leaseMs), updatedAt: new Date(now) })
      .where(holds(job))
      .run().changes > 0
  );
}

/**
 * Runs `write` and marks the job done in one transaction, only while this
 * runner still holds the job: a job reclaimed after its lease ran out is
 * finished by exactly one runner, so its result lands once.
 */
export function completeJob<T>(job: ClaimedJob, write: (tx: Writer) => T, now = Date.now()): T {
  return db().transaction((tx) => {
    const done = tx
      .update(jobs)
      .set({ status: 'done', leaseUntil: null, leaseToken: null, lastError: null, updatedAt: new Date(now) })
      .where(holds(job))
      .run();
    if (done.changes === 0) throw new LeaseLostError(`Job ${job.id} is no longer held by this runner`);
    return write(tx);
  });
}

/** Exponential backoff with ±20 % jitter so failed jobs do not retry in lockstep. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/**
 * Records a failed attempt: the job waits `delayMs` and is tried again, or, with
 * no attempt left, stays visible as failed — and `giveUp` writes what failing
 * means for its row, in the same transaction.
 */
export function failJob(
  job: ClaimedJob,
  error: string,
  { delayMs, giveUp }: { delayMs: number; giveUp?: (tx: Writer) => void },
  now = Date.now(),
): 'retry' | 'failed' {
  const last = job.attempts >= job.maxAttempts;
  db().transaction((tx) => {
    const updated = tx
      .update(jobs)
      .set({
        status: last ? 'failed' : 'queued',
        runAt: last ? job.runAt : new Date(now + delayMs),
        leaseUntil: null,
        leaseToken: null,
        lastError: error.slice(0, 2000),
        updatedAt: new Date(now),
      })
      .where(holds(job))
      .run();
    if (updated.changes === 0) throw new LeaseLostError(`Job ${job.id} is no longer held by this runner`);
    if (last) giveUp?.(tx);
  });
  return last ? 'failed' : 'retry';
}

/**
 * Hands an unfinished job back at shutdown, without counting the attempt, so the
 * next start (or another primary) takes it at once instead of waiting out the lease.
 */
export function releaseJob(job: ClaimedJob, now = Date.now()): void {
  db()
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`max(0, ${jobs.attempts} - 1)`,
      runAt: new Date(now),
      leaseUntil: null,
      leaseToken: null,
      updatedAt: new Date(now),
    })
    .where(holds(job))
    .run();
}

/** Finished jobs after a week, failed ones after 30 days (housekeeping). */
export function pruneJobs(now = Date.now()): number {
  return db()
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), lt(jobs.updatedAt, new Date(now - 7 * DAY_MS))),
        and(eq(jobs.status, 'failed'), lt(jobs.updatedAt, new Date(now - 30 * DAY_MS))),
      ),
    )
    .run().changes;
}
