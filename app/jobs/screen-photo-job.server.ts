import { settleImageFiles } from '~/images/storage.server';
import { withAnalysisFile } from '~/images/records.server';
import { holdPhotoForReview, photoForScreening, savePhotoScreening } from '~/models/build-photos.server';
import type { JobHandler } from '~/queue/runner.server';
import { screenImage, screeningThresholds, screeningVerdict } from '~/roast/screening/screening.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { SCREENING_FAILED_REASON } from './screen-job.server';

/**
 * Screens a build's extra photo with the local models (NSFW, faces) before it is shown:
 * the same verdict as a main photo's. The vision model is not asked: its look is for the
 * roast, which is written from the main photo.
 */
export const screenPhoto: JobHandler = {
  async run({ job, complete }) {
    const photo = photoForScreening(Number(job.payload.photoId));
    if (!photo || photo.reviewStatus !== 'pending') return;
    const seen = await withAnalysisFile(photo.imageId, async (file) => ({
      scores: env().SCREENING === 'off' ? null : await screenImage(file),
    }));
    if (!seen) throw new Error(`Photo ${photo.id} has no JPEG variant to screen`);
    const decided = screeningVerdict({ scores: seen.scores, look: null, thresholds: screeningThresholds() });
    const verdict = complete((tx) => savePhotoScreening(tx, photo.id, decided, seen.scores));
    await settleImageFiles([photo.imageId]).catch((error: unknown) =>
      log.error(`Photo ${photo.id}: its files could not be moved after screening`, error instanceof Error ? error.message : String(error)),
    );
    if (verdict.outcome !== 'approved') log.info(`Photo ${photo.id} ${verdict.outcome} by screening: ${verdict.reason}`);
  },
  giveUp: (tx, job) => holdPhotoForReview(tx, Number(job.payload.photoId), SCREENING_FAILED_REASON),
};
