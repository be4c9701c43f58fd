import { eq, ne } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../db/schema';
import { enqueueJob } from '~/queue/enqueue.server';
import { roastJob } from '~/queue/job-types';
import { claimJob, completeJob, failJob } from '~/queue/lease.server';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { roastQueueOf } from './roast-queue.server';
import { aBuild, aMember, anImage } from '#tests/support/factories';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const LEASE = 60_000;

/**
 * `count` new builds whose roasts are asked for a second apart from `from`. The
 * screening jobs an upload starts are dropped: the line of roasts is what counts here.
 */
async function buildsWaiting(count: number, from = NOW): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) ids.push(await aBuild({ userId: aMember().id, title: `Rig ${n}`, imageId: anImage() }));
  db().delete(jobs).where(ne(jobs.status, 'done')).run();
  ids.forEach((id, n) => enqueueJob(db(), roastJob(id), new Date(from + n * 1000)));
  return ids;
}

/** A roast the runner wrote in `seconds`, an hour before NOW. */
async function aRoastThatTook(seconds: number) {
  const start = NOW - 3600_000;
  const [id] = await buildsWaiting(1, start - 1000);
  const job = claimJob(['roast'], LEASE, start)!;
  expect(job.key).toBe(roastJob(id!).key);
  completeJob(job, () => undefined, start + seconds * 1000);
}

/** A model run OLLAMA_CONCURRENCY `ollama` requests at once, the writing lane `lane`, and one roast that took `seconds`. */
async function withOllamaSlots(ollama: number, lane: number, seconds: number) {
  vi.stubEnv('ROAST_PROVIDER', 'ollama');
  vi.stubEnv('OLLAMA_CONCURRENCY', String(ollama));
  vi.stubEnv('JOB_CONCURRENCY', String(lane));
  resetEnv();
  await aRoastThatTook(seconds);
}

describe('roastQueueOf', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnv();
  });

  it('says nothing for a build next in line while no roast has finished yet, and the place of those behind it', async () => {
    const [first, second, third] = await buildsWaiting(3);
    expect(roastQueueOf(first!)).toBeNull();
    expect(roastQueueOf(second!)).toEqual({ place: 2, estimateS: null });
    expect(roastQueueOf(third!)).toEqual({ place: 3, estimateS: null });
  });

  it('counts the roast being written as ahead, in the order the runner claims them, until it is done', async () => {
    const [first, second, third] = await buildsWaiting(3);
    const claimed = claimJob(['roast'], LEASE, NOW + 5000)!;
    expect(claimed.key).toBe(roastJob(first!).key);
    expect(roastQueueOf(third!)?.place).toBe(3);
    completeJob(claimed, () => undefined, NOW + 65_000);
    // The first is written in a minute: the others move up, and now have a time to go by.
    expect(roastQueueOf(first!)).toBeNull();
    expect(roastQueueOf(second!)).toEqual({ place: 1, estimateS: 60 });
    expect(roastQueueOf(third!)).toEqual({ place: 2, estimateS: 120 });
  });

  it('estimates from the median of recent roasts, not their average, times the place', async () => {
    await aRoastThatTook(30);
    await aRoastThatTook(600);
    await aRoastThatTook(40);
    const [, second] = await buildsWaiting(2);
    expect(roastQueueOf(second!)).toEqual({ place: 2, estimateS: 80 });
  });

  it('counts the roasts written at once: with two at a time, the 4th in line waits about two roasts, not four', async () => {
    await withOllamaSlots(2, 4, 60);
    const [first, second, third, fourth, fifth] = await buildsWaiting(5);
    expect([first, second, third, fourth, fifth].map((id) => roastQueueOf(id!))).toEqual([
      { place: 1, estimateS: 60 },
      { place: 2, estimateS: 60 },
      { place: 3, estimateS: 120 },
      { place: 4, estimateS: 120 },
      { place: 5, estimateS: 180 },
    ]);
  });

  it('takes no more roasts at once than the runner writes, whatever Ollama would take', async () => {
    await withOllamaSlots(4, 1, 60);
    const [, second] = await buildsWaiting(2);
    expect(roastQueueOf(second!)).toEqual({ place: 2, estimateS: 120 });
  });

  it('puts a roast whose attempt failed behind the ones due before its retry', async () => {
    const [first, second] = await buildsWaiting(2);
    const claimed = claimJob(['roast'], LEASE, NOW + 5000)!;
    expect(claimed.key).toBe(roastJob(first!).key);
    failJob(claimed, 'model unreachable', { delayMs: 60_000 }, NOW + 6000);
    expect(roastQueueOf(second!)).toBeNull();
    expect(roastQueueOf(first!)).toEqual({ place: 2, estimateS: null });
  });

  it('knows nothing of a build whose roast is not waiting', async () => {
    const [build] = await buildsWaiting(1);
    db()
      .delete(jobs)
      .where(eq(jobs.key, roastJob(build!).key))
      .run();
    expect(roastQueueOf(build!)).toBeNull();
  });
});
