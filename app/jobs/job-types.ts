import type { NewJob } from './queue.server';

// The background jobs and their keys, in one place: the key keeps one job per
// build (and kind) queued or running at a time.

export const SCREEN_JOB = 'screen';
export const HOUSEKEEPING_JOB = 'housekeeping';
export const LEADERBOARD_JOB = 'leaderboard';
export const ROAST_JOB = 'roast';
export const AI_REPLY_JOB = 'ai-reply';
export const IMAGE_VARIANTS_JOB = 'image-variants';

/** Screens a new build's photo before it is listed. */
export const screenJob = (buildId: number) => ({ type: SCREEN_JOB, key: `screen:${buildId}`, payload: { buildId } }) satisfies NewJob;

/** Writes a build's roast. */
export const roastJob = (buildId: number) => ({ type: ROAST_JOB, key: `roast:${buildId}`, payload: { buildId } }) satisfies NewJob;

/** The hourly clean-up; one queued or running at a time. */
export const housekeepingJob = (runAt: Date) => ({ type: HOUSEKEEPING_JOB, key: HOUSEKEEPING_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Ranks every leaderboard period again; one queued or running at a time. */
export const leaderboardJob = (runAt: Date) => ({ type: LEADERBOARD_JOB, key: LEADERBOARD_JOB, runAt, maxAttempts: 3 }) satisfies NewJob;

/** Answers a member's comment as RoastBot. */
export const aiReplyJob = (commentId: number) =>
  ({ type: AI_REPLY_JOB, key: `ai-reply:${commentId}`, payload: { commentId } }) satisfies NewJob;

/** Makes the variants of an uploaded photo its upload did not wait for (AVIF and the other widths). */
export const imageVariantsJob = (imageId: number) =>
  ({ type: IMAGE_VARIANTS_JOB, key: `image-variants:${imageId}`, payload: { imageId } }) satisfies NewJob;
