// Adding jobs: called by whatever writes the row a job works on, in the same transaction.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { db, type Writer } from '~/services/db.server';

export type NewJob = {
  type: string;
  payload?: Record<string, unknown>;
  /** At most one queued or running job per key; enqueueing another is a no-op. */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
};

/**
 * Adds a job. Call it with the transaction that writes the row the job works on,
 * so the row never exists without its job. Returns false when a job with the same
 * key is already waiting or running.
 */
export function enqueueJob(writer: Writer, job: NewJob, now = new Date()): boolean {
  const inserted = writer
    .insert(jobs)
    .values({
      type: job.type,
      payload: job.payload ?? {},
      key: job.key ?? null,
      runAt: job.runAt ?? now,
      maxAttempts: job.maxAttempts ?? 5,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .run();
  return inserted.changes > 0;
}

/** Brings a queued job forward to `runAt` if it was due later. */
function expediteJob(writer: Writer, key: string, runAt: Date): void {
  writer
    .update(jobs)
    .set({ runAt })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'queued'), gt(jobs.runAt, runAt)))
    .run();
}

/** Enqueues `job`, or brings the one queued under its key forward to its `runAt` if that was later. */
export function enqueueOrExpedite(writer: Writer, job: NewJob & { key: string; runAt: Date }, now = new Date()): void {
  if (!enqueueJob(writer, job, now)) expediteJob(writer, job.key, job.runAt);
}

/** Whether a job for `key` is waiting or running. */
export function hasActiveJob(key: string): boolean {
  return (
    db()
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.key, key), inArray(jobs.status, ['queued', 'running'])))
      .get() !== undefined
  );
}

/** The payloads of the jobs of `type` waiting or running (the (type, status) index finds them). */
export function activeJobPayloads(type: string): Record<string, unknown>[] {
  return db()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.type, type), inArray(jobs.status, ['queued', 'running'])))
    .all()
    .map((job) => job.payload);
}
