import { CLOSING_CHECK_EVERY_MS, closeCompetition, dueForClosing, nextClosingCheck } from '~/models/competition-closing.server';
import { enqueueOrExpedite } from '~/queue/enqueue.server';
import { competitionClosingJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';
import { log } from '~/services/log.server';

/** Queues the closing job at `runAt`, or brings the queued one forward to it. */
export function scheduleCompetitionClosing(writer: Writer, runAt = new Date()): void {
  enqueueOrExpedite(writer, competitionClosingJob(runAt));
}

/**
 * Closes every competition whose end date has passed, each in its own
 * transaction (closing twice changes nothing, so a retry is safe), then comes
 * back at the next end date, or within the hour.
 */
export const closeCompetitions: JobHandler = {
  async run({ complete }) {
    for (const id of dueForClosing()) {
      const result = closeCompetition(id);
      if (result.ok) log.info('Competition closed', { id, title: result.title, placed: result.placements.length });
    }
    complete((tx) => scheduleCompetitionClosing(tx, nextClosingCheck()));
  },
  giveUp: (tx) => scheduleCompetitionClosing(tx, new Date(Date.now() + CLOSING_CHECK_EVERY_MS)),
};
