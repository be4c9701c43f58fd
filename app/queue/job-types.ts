import type { NewJob } from './enqueue.server';

// The background jobs and their keys, in one place: what the models enqueue and
// app/jobs/ handles (the queue's engine knows none of them). The key keeps one job
// per build (and kind) queued or running at a time.

export const SCREEN_JOB = 'screen';
export const SCREEN_PHOTO_JOB = 'screen-photo';
export const LOOK_JOB = 'look';
export const HOUSEKEEPING_JOB = 'housekeeping';
export const LEADERBOARD_JOB = 'leaderboard';
export const ROAST_JOB = 'roast';
export const MODEL_ROAST_JOB = 'model-roast';
export const AI_REPLY_JOB = 'ai-reply';
export const COMPETITION_CLOSING_JOB = 'competition-closing';
export const NOTIFY_JOB = 'notify';
export const WEEKLY_DIGEST_JOB = 'weekly-digest';
export const IMAGE_VARIANTS_JOB = 'image-variants';
export const TRENDING_JOB = 'trending';
export const INTEGRITY_SCAN_JOB = 'integrity-scan';
export const SEARCH_INDEX_JOB = 'search-index';
export const BACKUP_JOB = 'backup';
export const DESCRIBE_PHOTO_JOB = 'describe-photo';
export const ALT_BACKFILL_JOB = 'alt-backfill';
export const BATTLE_REFIT_JOB = 'battle-refit';

/** Screens a new build's photo before it is listed. */
export const screenJob = (buildId: number) => ({ type: SCREEN_JOB, key: `screen:${buildId}`, payload: { buildId } }) satisfies NewJob;

/** The vision model's look at a new build's photo: its facts for the roast, its safety flags for screening. */
export const lookJob = (buildId: number) => ({ type: LOOK_JOB, key: `look:${buildId}`, payload: { buildId } }) satisfies NewJob;

/** Writes a build's roast. */
export const roastJob = (buildId: number) => ({ type: ROAST_JOB, key: `roast:${buildId}`, payload: { buildId } }) satisfies NewJob;

/**
 * The model's roast the owner asked for in place of one the built-in roaster wrote because
 * the model was too slow; one queued or running per build.
 */
export const modelRoastJob = (buildId: number) =>
  ({ type: MODEL_ROAST_JOB, key: `model-roast:${buildId}`, payload: { buildId } }) satisfies NewJob;

/** The hourly clean-up; one queued or running at a time. */
export const housekeepingJob = (runAt: Date) => ({ type: HOUSEKEEPING_JOB, key: HOUSEKEEPING_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Moves the gallery's trending heats to the window's start; one queued or running at a time. */
export const trendingJob = (runAt: Date) => ({ type: TRENDING_JOB, key: TRENDING_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Merges the gallery search's index; one queued or running at a time. */
export const searchIndexJob = (runAt: Date) => ({ type: SEARCH_INDEX_JOB, key: SEARCH_INDEX_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Looks whether a scheduled backup is due and makes it; one queued or running at a time. */
export const backupJob = (runAt: Date) => ({ type: BACKUP_JOB, key: BACKUP_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Ranks every leaderboard period again; one queued or running at a time. */
export const leaderboardJob = (runAt: Date) => ({ type: LEADERBOARD_JOB, key: LEADERBOARD_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Answers a member's comment as RoastBot. */
export const aiReplyJob = (commentId: number) =>
  ({ type: AI_REPLY_JOB, key: `ai-reply:${commentId}`, payload: { commentId } }) satisfies NewJob;

/** Closes every competition whose end date has passed; one queued or running at a time. */
export const competitionClosingJob = (runAt: Date) =>
  ({ type: COMPETITION_CLOSING_JOB, key: COMPETITION_CLOSING_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/**
 * Mails a member what is pending for them on one list, as one message. One queued at a
 * time per member and list, so whatever arrives meanwhile joins the same mail. Mail
 * servers can be down for a while: it keeps trying for about half an hour, and then
 * again every hour (see the handler's giveUp).
 */
export const notifyJob = (userId: number, list: 'notifications' | 'weeklyDigest', runAt: Date) =>
  ({ type: NOTIFY_JOB, key: `notify:${list}:${userId}`, payload: { userId, list }, runAt, maxAttempts: 10 }) satisfies NewJob;

/** Queues the weekly digest of the ISO week `week` (e.g. 2026-W48); one queued or running at a time. */
export const weeklyDigestJob = (week: string, runAt: Date) =>
  ({ type: WEEKLY_DIGEST_JOB, key: WEEKLY_DIGEST_JOB, payload: { week }, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Makes the variants of an uploaded photo its upload did not wait for (AVIF and the other widths). */
export const imageVariantsJob = (imageId: number) =>
  ({ type: IMAGE_VARIANTS_JOB, key: `image-variants:${imageId}`, payload: { imageId } }) satisfies NewJob;

/** Screens a build's extra photo before it is shown. */
export const screenPhotoJob = (photoId: number) =>
  ({ type: SCREEN_PHOTO_JOB, key: `screen-photo:${photoId}`, payload: { photoId } }) satisfies NewJob;

/** Looks for the rating patterns vote integrity flags and keeps the findings; one queued or running at a time. */
export const integrityScanJob = (runAt: Date) =>
  ({ type: INTEGRITY_SCAN_JOB, key: INTEGRITY_SCAN_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** A build's main photo (by the build's id) or one of its extra photos (by the photo's id). */
export type PhotoRef = { buildId: number } | { photoId: number };

/** Drafts a photo's alt text: what it shows, in a sentence or two. */
export const describePhotoJob = (ref: PhotoRef) =>
  ({
    type: DESCRIBE_PHOTO_JOB,
    key: 'buildId' in ref ? `describe-photo:build:${ref.buildId}` : `describe-photo:photo:${ref.photoId}`,
    payload: ref,
  }) satisfies NewJob;

/** Queues the describe job for photos that have no alt text yet, a few at a time; one queued or running at a time. */
export const altBackfillJob = (runAt: Date) => ({ type: ALT_BACKFILL_JOB, key: ALT_BACKFILL_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Fits the Rig Battles strengths to every vote again and stores the standings; one queued or running at a time. */
export const battleRefitJob = (runAt: Date) => ({ type: BATTLE_REFIT_JOB, key: BATTLE_REFIT_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;
