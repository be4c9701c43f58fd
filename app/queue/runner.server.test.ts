import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { closeDatabase, db, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { waitFor } from '#tests/support/wait';
import { enqueueJob } from './enqueue.server';
import { claimJob } from './lease.server';
import { type JobHandler, JobRunner, type RunnerOptions } from './runner.server';

let runner: JobRunner | undefined;

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

function start(handlers: Record<string, JobHandler>, options: Partial<RunnerOptions> = {}): JobRunner {
  runner = new JobRunner({
    lanes: [{ name: 'test', concurrency: 2, handlers }],
    pollMs: 20,
    leaseMs: 5000,
    isPrimary: async () => true,
    retryBaseMs: 10,
    retryMaxMs: 50,
    stopGraceMs: 500,
    ...options,
  });
  runner.start();
  return runner;
}

const statuses = () => db().select({ key: jobs.key, status: jobs.status }).from(jobs).orderBy(jobs.id).all();

const until = (condition: () => boolean) => waitFor(condition, { timeoutMs: 5000, intervalMs: 10 });

describe('JobRunner', () => {
  it('runs queued jobs, at most `concurrency` at once, and marks them done', async () => {
    let running = 0;
    let most = 0;
    const handler: JobHandler = {
      async run() {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 40));
        running -= 1;
      },
    };
    for (let index = 0; index < 6; index += 1) enqueueJob(db(), { type: 'work', key: `w${index}` });
    start({ work: handler });
    await until(() => statuses().every((job) => job.status === 'done'));
    expect(most).toBe(2);
  });

  it('runs a job of one lane while every slot of another lane is busy', async () => {
    const blocked: (() => void)[] = [];
    const slow: JobHandler = { run: () => new Promise<void>((resolve) => blocked.push(resolve)) };
    let quickRuns = 0;
    const quick: JobHandler = { run: async () => void (quickRuns += 1) };
    for (let index = 0; index < 3; index += 1) enqueueJob(db(), { type: 'slow', key: `s${index}` });
    start(
      {},
      {
        lanes: [
          { name: 'slow', concurrency: 2, handlers: { slow } },
          { name: 'quick', concurrency: 1, handlers: { quick } },
        ],
      },
    );
    await until(() => blocked.length === 2);
    enqueueJob(db(), { type: 'quick', key: 'q' });
    runner?.wake();
    await until(() => quickRuns === 1);
    // The slow lane still holds its two slots, and its third job waits for one.
    expect(blocked).toHaveLength(2);
    expect(statuses().filter((job) => job.status === 'running')).toHaveLength(2);
    for (const resolve of blocked.splice(0)) resolve();
    await until(() => blocked.length === 1);
    blocked[0]?.();
    await until(() => statuses().every((job) => job.status === 'done'));
  });

  it('refuses a job type given to two lanes', () => {
    const handler: JobHandler = { run: async () => undefined };
    expect(() =>
      start(
        {},
        {
          lanes: [
            { name: 'a', concurrency: 1, handlers: { work: handler } },
            { name: 'b', concurrency: 1, handlers: { work: handler } },
          ],
        },
      ),
    ).toThrow(/one lane only/);
  });

  it('writes a job result and its completion together', async () => {
    enqueueJob(db(), { type: 'work', payload: { value: 42 } });
    const seen: unknown[] = [];
    start({
      work: {
        async run({ job, complete }) {
          complete(() => seen.push(job.payload.value));
        },
      },
    });
    await until(() => statuses()[0]?.status === 'done');
    expect(seen).toEqual([42]);
  });

  it('retries a failing job with backoff, and it succeeds later', async () => {
    enqueueJob(db(), { type: 'flaky' });
    let calls = 0;
    start({
      flaky: {
        async run() {
          calls += 1;
          if (calls < 3) throw new Error(`attempt ${calls} failed`);
        },
      },
    });
    await until(() => statuses()[0]?.status === 'done');
    expect(calls).toBe(3);
    expect(db().select().from(jobs).get()).toMatchObject({ attempts: 3, lastError: null });
  });

  it('leaves a job that never works failed and visible, with its error, after giving up', async () => {
    enqueueJob(db(), { type: 'broken', maxAttempts: 2 });
    const gaveUp: number[] = [];
    start({
      broken: {
        async run() {
          throw new Error('model exploded');
        },
        giveUp: (_tx, job) => gaveUp.push(job.id),
      },
    });
    await until(() => statuses()[0]?.status === 'failed');
    expect(db().select().from(jobs).get()).toMatchObject({ attempts: 2, lastError: 'model exploded' });
    expect(gaveUp).toEqual([1]);
  });

  it('idles where this instance is not the primary, and starts when it becomes one', async () => {
    enqueueJob(db(), { type: 'work' });
    let primary = false;
    let calls = 0;
    start({ work: { run: async () => void (calls += 1) } }, { isPrimary: async () => primary });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toBe(0);
    expect(statuses()[0]?.status).toBe('queued');
    primary = true;
    await until(() => statuses()[0]?.status === 'done');
    expect(calls).toBe(1);
  });

  it('on stop, aborts the jobs in flight and hands them back without counting the attempt', async () => {
    enqueueJob(db(), { type: 'slow' });
    let started = false;
    const active = start({
      slow: {
        run: ({ signal }) =>
          new Promise((_resolve, reject) => {
            started = true;
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      },
    });
    await until(() => started);
    await active.stop();
    expect(db().select().from(jobs).get()).toMatchObject({ status: 'queued', attempts: 0, leaseToken: null });
  });

  it('fails a job whose process died on its last attempt, with its give-up writes', async () => {
    enqueueJob(db(), { type: 'work', maxAttempts: 1, runAt: new Date(Date.now() - 2000) });
    // Another process claimed it and died: its lease is already over.
    expect(claimJob(['work'], 1, Date.now() - 1000)).not.toBeNull();
    const gaveUp: number[] = [];
    start({ work: { run: async () => undefined, giveUp: (_tx, job) => gaveUp.push(job.id) } });
    await until(() => statuses()[0]?.status === 'failed');
    expect(gaveUp).toEqual([1]);
    expect(db().select({ lastError: jobs.lastError }).from(jobs).where(eq(jobs.id, 1)).get()?.lastError).toMatch(/process ended/);
  });

  describe('while another process holds the write lock', () => {
    let folder: string;
    let otherProcess: Database.Database;
    let polls = 0;
    const isPrimary = async () => ((polls += 1), true);
    /**
     * Polls in half a second while `otherProcess` writes: each that waited for its lock stopped
     * the event loop (busy_timeout: 5 s). `whileLocked` checks the queue before the lock is let go.
     */
    const pollsWhileLocked = async (whileLocked: () => void = () => undefined) => {
      otherProcess.exec('BEGIN IMMEDIATE');
      polls = 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const counted = polls;
      whileLocked();
      otherProcess.exec('COMMIT');
      return counted;
    };

    // A database file, as the server's: another connection (the admin command) writes to it.
    beforeEach(() => {
      folder = mkdtempSync(join(tmpdir(), 'rigroast-runner-'));
      const file = join(folder, 'sqlite.db');
      closeDatabase();
      migrateDatabase(setDatabase(openDatabase(file)));
      otherProcess = new Database(file);
    });

    afterEach(async () => {
      await runner?.stop();
      otherProcess.close();
      closeDatabase();
      rmSync(folder, { recursive: true, force: true });
    });

    it('polls on with an empty queue, and with a job due, which runs once the lock is let go', async () => {
      let calls = 0;
      start({ work: { run: async () => void (calls += 1) } }, { isPrimary });
      expect(await pollsWhileLocked()).toBeGreaterThan(5);

      enqueueJob(db(), { type: 'work' });
      expect(await pollsWhileLocked(() => expect(statuses()[0]?.status).toBe('queued'))).toBeGreaterThan(5);
      await until(() => statuses()[0]?.status === 'done');
      expect(calls).toBe(1);
    });

    it('polls on while a full lane has a backlog and another lane is idle', async () => {
      const started: (() => void)[] = [];
      enqueueJob(db(), { type: 'variants', key: 'first' });
      enqueueJob(db(), { type: 'variants', key: 'second' });
      runner = new JobRunner({
        lanes: [
          { name: 'images', concurrency: 1, handlers: { variants: { run: () => new Promise<void>((resolve) => started.push(resolve)) } } },
          { name: 'mail', concurrency: 1, handlers: { notify: { run: async () => undefined } } },
        ],
        pollMs: 20,
        leaseMs: 5000,
        isPrimary,
      });
      runner.start();
      await until(() => started.length === 1);
      expect(await pollsWhileLocked()).toBeGreaterThan(5);
      started[0]!();
      await until(() => started.length === 2);
      started[1]!();
      await until(() => statuses().every((job) => job.status === 'done'));
    });
  });

  it('renews the lease of a long job so no one else takes it over', async () => {
    enqueueJob(db(), { type: 'long' });
    let release: () => void = () => undefined;
    start({ long: { run: () => new Promise<void>((resolve) => (release = resolve)) } }, { leaseMs: 150 });
    await until(() => statuses()[0]?.status === 'running');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const lease = db().select({ leaseUntil: jobs.leaseUntil }).from(jobs).get()?.leaseUntil?.getTime() ?? 0;
    expect(lease).toBeGreaterThan(Date.now());
    expect(claimJob(['long'], 150)).toBeNull();
    release();
    await until(() => statuses()[0]?.status === 'done');
  });
});
