import { sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { db } from '~/services/db.server';
import { gaugeReadOnScrape, readOncePerScrape } from '~/services/metrics.server';

type Row = { type: string; due: number; later: number; running: number; oldestDueAt: number | null };

/** The queue as it stands, by job type: jobs due and waiting, scheduled later, running, and when the oldest due one fell due. */
function queueByType(now: number): Row[] {
  return db()
    .select({
      type: jobs.type,
      due: sql<number>`sum(${jobs.status} = 'queued' and ${jobs.runAt} <= ${now})`,
      later: sql<number>`sum(${jobs.status} = 'queued' and ${jobs.runAt} > ${now})`,
      running: sql<number>`sum(${jobs.status} = 'running')`,
      oldestDueAt: sql<number | null>`min(case when ${jobs.status} = 'queued' and ${jobs.runAt} <= ${now} then ${jobs.runAt} end)`,
    })
    .from(jobs)
    .where(sql`${jobs.status} in ('queued', 'running')`)
    .groupBy(jobs.type)
    .all();
}

/** Registers the queue's gauges (read from the database when scraped: on a replica, the primary's queue as replicated). */
export function registerQueueMetrics(): void {
  const read = readOncePerScrape(() => {
    const now = Date.now();
    return { now, rows: queueByType(now) };
  });
  gaugeReadOnScrape({
    name: 'rigroast_jobs',
    help: 'Background jobs by type and state: due (waiting for a runner), later (scheduled), running.',
    labelNames: ['type', 'state'],
    read: () =>
      read().rows.flatMap(({ type, due, later, running }) => [
        { labels: { type, state: 'due' }, value: due },
        { labels: { type, state: 'later' }, value: later },
        { labels: { type, state: 'running' }, value: running },
      ]),
  });
  gaugeReadOnScrape({
    name: 'rigroast_jobs_oldest_due_seconds',
    help: 'How long the oldest due job of each type has waited for a runner (0 when none waits).',
    labelNames: ['type'],
    read: () => {
      const { now, rows } = read();
      return rows.map(({ type, oldestDueAt }) => ({
        labels: { type },
        value: oldestDueAt === null ? 0 : (now - oldestDueAt) / 1000,
      }));
    },
  });
}
