import { reconcileImageFiles } from '~/images/storage.server';
import {
  AI_REPLY_JOB,
  ALT_BACKFILL_JOB,
  BACKUP_JOB,
  BATTLE_REFIT_JOB,
  COMPETITION_CLOSING_JOB,
  DESCRIBE_PHOTO_JOB,
  HOUSEKEEPING_JOB,
  IMAGE_VARIANTS_JOB,
  INTEGRITY_SCAN_JOB,
  LEADERBOARD_JOB,
  LOOK_JOB,
  MODEL_ROAST_JOB,
  NOTIFY_JOB,
  ROAST_JOB,
  SCREEN_JOB,
  SCREEN_PHOTO_JOB,
  SEARCH_INDEX_JOB,
  TRENDING_JOB,
  WEEKLY_DIGEST_JOB,
} from '~/queue/job-types';
import { JobRunner } from '~/queue/runner.server';
import { warmUpRoaster } from '~/roast/roaster-state.server';
import { stopScreening } from '~/roast/screening/screening.server';
import type { Db } from '~/services/db.server';
import type { Env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { isPrimary } from '~/services/primary.server';
import { refitBattles, scheduleBattleRefit } from './battle-refit-job.server';
import { closeCompetitions, scheduleCompetitionClosing } from './competition-closing-job.server';
import { altBackfill, draftPhotoAlt, scheduleAltBackfill } from './describe-photo-job.server';
import { housekeeping, scheduleHousekeeping } from './housekeeping.server';
import { makeImageVariants } from './image-variants.server';
import { scanVoteIntegrity, scheduleIntegrityScan } from './integrity-scan-job.server';
import { rankLeaderboards, scheduleLeaderboards } from './leaderboard-job.server';
import { lookAtBuild } from './look-job.server';
import { deliverNotifications } from './notify.server';
import { replyToComment } from './reply-job.server';
import { roastBuild, roastBuildWithModel } from './roast-job.server';
import { screenBuild } from './screen-job.server';
import { screenPhoto } from './screen-photo-job.server';
import { mergeSearchIndexJob, scheduleSearchIndexMerge } from './search-index-job.server';
import { refreshTrendingHeats, scheduleTrending } from './trending-job.server';
import { scheduleWeeklyDigest, weeklyDigest } from './weekly-digest.server';
import { backupJobHandler, scheduleBackups } from './scheduled-backups.server';

export type BackgroundWork = {
  /** Hands back the jobs in flight and ends the screening process. */
  stop: () => Promise<void>;
};

/**
 * Starts this instance's background work, the one call the server makes. On the
 * LiteFS primary it first queues the recurring jobs (housekeeping, leaderboards,
 * competition closing, the weekly digest, the trending heats, the vote-integrity scan, the search index's merge,
 * the alt-text backfill, the battle strengths' refit, the scheduled backups with BACKUP_DIR set; one of each, however often it starts),
 * puts image files in place and loads the Ollama model (the first roast then pays no
 * load); everywhere it starts the job runner, which idles wherever this instance is not
 * the primary.
 */
export function startBackgroundWork(db: Db, config: Env, { primary }: { primary: boolean }): BackgroundWork {
  if (primary) {
    scheduleHousekeeping(db);
    scheduleLeaderboards(db);
    scheduleCompetitionClosing(db);
    scheduleWeeklyDigest(db);
    scheduleTrending(db);
    scheduleIntegrityScan(db);
    scheduleSearchIndexMerge(db);
    scheduleAltBackfill(db);
    scheduleBattleRefit(db);
    if (config.BACKUP_DIR) scheduleBackups(db);
    // In the background: after an upgrade it may move many files, and readers look in both folders meanwhile.
    reconcileImageFiles().catch((error: unknown) => log.error('Could not put the image files in place', error));
    warmUpRoaster();
  }
  const runner = createJobRunner(config);
  runner.start();
  return { stop: () => runner.stop().then(stopScreening) };
}

/**
 * The runner with every job RigRoast has, configured from the environment.
 * Seven lanes, each with its own slots, so nothing waits behind a slow AI call
 * of another kind: screening (a new upload is listed as soon as it is checked),
 * the vision model's looks at new uploads (which screening waits for only briefly) and
 * the photos' alt-text drafts,
 * the AI's writing (roasts and RoastBot replies), upkeep (housekeeping,
 * leaderboard rankings, closing competitions, the trending heats, the vote-integrity
 * scan, the search index's merge, the alt-text backfill and the battles' refit, which are quick and must keep up),
 * mail (notifications and the weekly digest, which wait on the mail server), and
 * images (the variants an upload did not wait for: one at a time, so AVIF encoding
 * takes at most one core from the uploads, screening and pages), and the scheduled
 * backups (a copy of every photo can take minutes: nothing else waits behind it).
 */
export function createJobRunner(config: Env): JobRunner {
  return new JobRunner({
    lanes: [
      { name: 'screening', concurrency: config.JOB_CONCURRENCY, handlers: { [SCREEN_JOB]: screenBuild, [SCREEN_PHOTO_JOB]: screenPhoto } },
      { name: 'looking', concurrency: config.JOB_CONCURRENCY, handlers: { [LOOK_JOB]: lookAtBuild, [DESCRIBE_PHOTO_JOB]: draftPhotoAlt } },
      {
        name: 'writing',
        concurrency: config.JOB_CONCURRENCY,
        handlers: { [ROAST_JOB]: roastBuild, [MODEL_ROAST_JOB]: roastBuildWithModel, [AI_REPLY_JOB]: replyToComment },
      },
      {
        name: 'upkeep',
        concurrency: 1,
        handlers: {
          [HOUSEKEEPING_JOB]: housekeeping,
          [LEADERBOARD_JOB]: rankLeaderboards,
          [COMPETITION_CLOSING_JOB]: closeCompetitions,
          [TRENDING_JOB]: refreshTrendingHeats,
          [INTEGRITY_SCAN_JOB]: scanVoteIntegrity,
          [SEARCH_INDEX_JOB]: mergeSearchIndexJob,
          [ALT_BACKFILL_JOB]: altBackfill,
          [BATTLE_REFIT_JOB]: refitBattles,
        },
      },
      { name: 'mail', concurrency: 2, handlers: { [NOTIFY_JOB]: deliverNotifications, [WEEKLY_DIGEST_JOB]: weeklyDigest } },
      { name: 'images', concurrency: 1, handlers: { [IMAGE_VARIANTS_JOB]: makeImageVariants } },
      { name: 'backups', concurrency: 1, handlers: { [BACKUP_JOB]: backupJobHandler } },
    ],
    pollMs: config.JOB_POLL_MS,
    leaseMs: config.JOB_LEASE_MS,
    isPrimary: () => isPrimary(),
  });
}
