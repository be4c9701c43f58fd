import { queueWeeklyDigest } from '~/models/notifications.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { weeklyDigestJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';
import { log } from '~/services/log.server';
import { isoWeek, startOfIsoWeek } from '~/utils/iso-week';
import { DAY_MS } from '~/utils/dates';
import { counted } from '~/utils/count';

const WEEK_MS = 7 * DAY_MS;
/** A digest that could not go out on Monday (the server was down) still goes out that day, not later in the week. */
const DIGEST_LATE_MS = DAY_MS;

/**
 * Schedules the next digest: this week's, at once, while it is still Monday (a
 * restart on Monday catches up; the week's name keeps it from going out twice),
 * otherwise next Monday 00:00 UTC. One queued or running at a time.
 */
export function scheduleWeeklyDigest(writer: Writer, now = new Date()): void {
  const monday = startOfIsoWeek(now);
  const runAt = now.getTime() - monday.getTime() < DIGEST_LATE_MS ? monday : new Date(monday.getTime() + WEEK_MS);
  enqueueJob(writer, weeklyDigestJob(isoWeek(runAt), runAt), now);
}

/** Every Monday: queues the week's digest for each member who wants it, then schedules next week's. */
export const weeklyDigest: JobHandler = {
  async run({ job, complete }) {
    const week = String(job.payload.week);
    const late = Date.now() - job.runAt.getTime() >= DIGEST_LATE_MS;
    const queued = late ? 0 : queueWeeklyDigest(week);
    log.info(
      late
        ? `Weekly digest ${week} skipped: it is no longer Monday`
        : `Weekly digest ${week} queued for ${counted(queued, 'member', 'members')}`,
    );
    complete((tx) => scheduleWeeklyDigest(tx, new Date(Math.max(Date.now(), job.runAt.getTime() + DIGEST_LATE_MS))));
  },
  giveUp: (tx, job) => scheduleWeeklyDigest(tx, new Date(job.runAt.getTime() + DIGEST_LATE_MS)),
};
