import { LEADERBOARD_EVERY_MS, LEADERBOARD_RATING_DELAY_MS, rankEveryPeriod, saveStandings } from '~/models/leaderboards.server';
import { recordLeaderboardTop } from '~/models/progression.server';
import { ratedSince } from '~/models/ratings.server';
import { upkeepRows } from '~/models/upkeep-size.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { leaderboardJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';
import { inWorkerThread } from './worker-thread.server';

/** A build in a board's first ten earns its owner the top-10 achievement. */
const TOP_PLACES = 10;

/** Queues the next ranking of every period at `runAt`, unless one is queued or running. */
export function scheduleLeaderboards(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, leaderboardJob(runAt));
}

/**
 * Ranks every period from its ratings, in a worker thread, and stores the standings the
 * pages read. The next run comes a minute later (the windows roll), or a few
 * seconds later when ratings arrived while this one ranked: their own request
 * for a ranking found this job running and could not queue another. The owners of
 * each board's top ten earn their achievement in the same transaction.
 */
export const rankLeaderboards: JobHandler = {
  async run({ complete }) {
    const startedAt = Date.now();
    const boards = await inWorkerThread('leaderboard-worker', () => rankEveryPeriod(startedAt), {
      rows: upkeepRows(),
      data: { now: startedAt },
    });
    complete((tx) => {
      for (const [period, standings] of boards) saveStandings(tx, period, standings);
      recordLeaderboardTop(
        tx,
        boards.flatMap(([, standings]) => standings.slice(0, TOP_PLACES).map((standing) => standing.buildId)),
        new Date(),
      );
      const missed = ratedSince(tx, new Date(startedAt));
      scheduleLeaderboards(tx, new Date(Date.now() + (missed ? LEADERBOARD_RATING_DELAY_MS : LEADERBOARD_EVERY_MS)));
    });
  },
  giveUp: (tx) => scheduleLeaderboards(tx, new Date(Date.now() + LEADERBOARD_EVERY_MS)),
};
