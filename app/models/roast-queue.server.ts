// The owner's place in the line of roasts to write, and how long that takes of late.
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { RoastQueue } from '~/domain/roast-queue';
import { ROAST_JOB, roastJob } from '~/queue/job-types';
import { db } from '~/services/db.server';
import { env } from '~/services/env.server';

/** How many finished roasts the estimate takes its median from: recent enough to follow a model or host change. */
const RECENT_ROASTS = 20;

/**
 * Where the build's roast stands, or null when none is waiting (or when it is
 * next and no roast has finished yet, so there is nothing worth saying). Its place
 * is 1 + the roasts ahead of it in the order the runner claims them (claimJob:
 * run time, then id), roasts being written counting as ahead of every waiting one;
 * the estimate is the median time recent roasts took to write, times the rounds of
 * roasts written at once until its own is (two at a time: the 4th waits two rounds).
 */
export function roastQueueOf(buildId: number): RoastQueue | null {
  const active = db()
    .select({ id: jobs.id, key: jobs.key, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.type, ROAST_JOB), inArray(jobs.status, ['queued', 'running'])))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .all();
  const own = active.find((job) => job.key === roastJob(buildId).key);
  if (!own) return null;
  const place = own.status === 'running' ? 1 : 1 + active.filter((job) => job.status === 'running').length + queuedAhead(active, own);
  const median = medianRoastMs();
  if (median === null) return place === 1 ? null : { place, estimateS: null };
  return { place, estimateS: Math.round((median * Math.ceil(place / roastsAtOnce())) / 1000) };
}

/**
 * How many roasts are written side by side: the writing lane's slots (JOB_CONCURRENCY),
 * and with a model no more than the requests Ollama is sent at once (OLLAMA_CONCURRENCY).
 */
function roastsAtOnce(): number {
  const config = env();
  return config.ROAST_PROVIDER === 'builtin' ? config.JOB_CONCURRENCY : Math.min(config.JOB_CONCURRENCY, config.OLLAMA_CONCURRENCY);
}

function queuedAhead(active: { id: number; status: string }[], own: { id: number }): number {
  let ahead = 0;
  for (const job of active) {
    if (job.id === own.id) return ahead;
    if (job.status === 'queued') ahead += 1;
  }
  return ahead;
}

/** The median time the last finished roasts took from their claim to done (the jobs table keeps done jobs a week). */
function medianRoastMs(): number | null {
  const recent = db()
    .select({ startedAt: jobs.startedAt, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.type, ROAST_JOB), eq(jobs.status, 'done'), isNotNull(jobs.startedAt)))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(RECENT_ROASTS)
    .all()
    .map((job) => job.updatedAt.getTime() - job.startedAt!.getTime())
    .sort((a, b) => a - b);
  if (recent.length === 0) return null;
  const middle = Math.floor(recent.length / 2);
  return recent.length % 2 === 1 ? recent[middle]! : (recent[middle - 1]! + recent[middle]!) / 2;
}
