import {
  CLOSING_CHECK_EVERY_MS,
  closeCompetition,
  dueForClosing,
  nextClosingCheck,
  scheduleCompetitionClosing,
} from '~/models/competition-closing.server';
import { log } from '~/services/log.server';
import type { JobHandler } from './runner.server';

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
