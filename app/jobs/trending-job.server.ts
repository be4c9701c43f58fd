import { refreshTrending } from '~/models/trending.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { trendingJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';

/**
 * How often the trending heats move to the window's start. The gallery's order is exact
 * however long ago the job ran: a read re-scores from their rows the builds whose
 * activity has left the window since, so this bounds how many it re-scores.
 */
export const TRENDING_EVERY_MS = 10 * 60_000;

/** Queues the next move of the trending heats at `runAt`, unless one is queued or running. */
export function scheduleTrending(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, trendingJob(runAt));
}

/** Moves the trending heats to the window's start (models/trending.server.ts) and comes back later. */
export const refreshTrendingHeats: JobHandler = {
  async run({ complete }) {
    complete((tx) => {
      refreshTrending(tx, Date.now());
      scheduleTrending(tx, new Date(Date.now() + TRENDING_EVERY_MS));
    });
  },
  giveUp: (tx) => scheduleTrending(tx, new Date(Date.now() + TRENDING_EVERY_MS)),
};
