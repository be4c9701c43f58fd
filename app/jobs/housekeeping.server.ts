import { pruneOrphanAvatarFiles } from '~/images/avatar-files.server';
import { pruneOrphanFiles, pruneUnusedImages, reconcileImageFiles } from '~/images/storage.server';
import { pruneLoginCodes } from '~/models/login-codes.server';
import { pruneFormerUsernames } from '~/models/members.server';
import { pruneNotifications } from '~/models/notifications.server';
import { prunePendingComments } from '~/models/pending-comments.server';
import { pruneExperienceAwards } from '~/models/progression.server';
import { pruneRateLimitHits } from '~/models/rate-limits.server';
import { pruneSessions } from '~/models/sessions.server';
import { pruneUnlistedCards } from '~/models/social-cards.server';
import { pruneTempUploads } from '~/models/temp-uploads.server';
import { pruneUserTokens } from '~/models/user-tokens.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { housekeepingJob } from '~/queue/job-types';
import { pruneJobs } from '~/queue/lease.server';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';
import { log } from '~/services/log.server';

const HOUSEKEEPING_EVERY_MS = 3600_000;

/** Schedules the next clean-up; one at a time, whoever asks. */
export function scheduleHousekeeping(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, housekeepingJob(runAt));
}

/**
 * Hourly clean-up of what expires: sign-in codes, single-use links, sessions,
 * guest uploads and comments nobody came back for (and then the uploads' images), rate-limit events,
 * past days' experience awards, members' old names past their while,
 * old jobs, notifications sent a month ago, and the social cards of builds that are gone or hidden; image files a
 * crash left in the wrong folder are put right, and private files, avatars and badges nothing names go. Each run schedules the next one, failed or not.
 */
export const housekeeping: JobHandler = {
  async run({ complete }) {
    const removed = {
      loginCodes: pruneLoginCodes(),
      userTokens: pruneUserTokens(),
      sessions: pruneSessions(),
      tempUploads: pruneTempUploads(),
      pendingComments: prunePendingComments(),
      rateLimitHits: pruneRateLimitHits(),
      experienceAwards: pruneExperienceAwards(),
      formerUsernames: pruneFormerUsernames(),
      jobs: pruneJobs(),
      notifications: pruneNotifications(),
      imageFiles: await pruneUnusedImages(),
      imagesMoved: await reconcileImageFiles(),
      orphanImageFiles: await pruneOrphanFiles(),
      orphanAvatarFiles: await pruneOrphanAvatarFiles(),
      socialCards: await pruneUnlistedCards(),
    };
    log.info('Housekeeping done', removed);
    complete((tx) => scheduleHousekeeping(tx, new Date(Date.now() + HOUSEKEEPING_EVERY_MS)));
  },
  giveUp: (tx) => scheduleHousekeeping(tx, new Date(Date.now() + HOUSEKEEPING_EVERY_MS)),
};
