import { settleImageFiles } from '~/images/storage.server';
import { withAnalysisFile } from '~/images/records.server';
import { buildForRoast, holdForReview, saveScreening, screeningLook } from '~/models/roasts.server';
import type { JobHandler } from '~/queue/runner.server';
import { screenImage, screeningThresholds, screeningVerdict } from '~/roast/screening/screening.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { lookAnswered } from './look-job.server';

export const SCREENING_FAILED_REASON = "We couldn't check this photo automatically, so a moderator will look at it before it is listed.";

/**
 * Screens a new build's photo before it is listed: the local models (NSFW, faces)
 * always, and the vision model's look when Ollama is in use — its own job (lookAtBuild),
 * whose safety flags count too when it has answered in time.
 */
export const screenBuild: JobHandler = {
  async run({ job, signal, complete }) {
    const build = buildForRoast(Number(job.payload.buildId));
    if (!build || build.reviewStatus !== 'pending') return;
    const seen = await withAnalysisFile(build.imageId, async (file) => ({
      // Builds queued before screening was switched off are let through unscreened.
      scores: env().SCREENING === 'off' ? null : await screenImage(file),
    }));
    if (!seen) throw new Error(`Build ${build.id} has no JPEG variant to screen`);
    const { scores } = seen;
    // A CPU-only model takes 30 s and more a photo (minutes when Ollama hangs): past this
    // wait the build is listed on the local models' verdict, and a late look that flags the
    // photo holds it then (see saveLook).
    await lookAnswered(build.id, env().SCREENING_LOOK_WAIT_MS, signal);
    const { verdict, lookPending } = complete((tx) => {
      // Read in the same transaction, so a look that answers meanwhile is counted here or by saveLook.
      const look = screeningLook(tx, build.id);
      const decided = screeningVerdict({ scores, look: look.facts, thresholds: screeningThresholds() });
      return { verdict: saveScreening(tx, build.id, { ...decided, scores }), lookPending: look.pending };
    });
    // Approved, the photo is published; rejected, it is deleted; held, it stays private.
    // The verdict is saved already: a failure here is put right by housekeeping's reconciliation.
    await settleImageFiles([build.imageId]).catch((error: unknown) =>
      log.error(
        `Build ${build.id}: its photo's files could not be moved after screening`,
        error instanceof Error ? error.message : String(error),
      ),
    );
    if (verdict.outcome !== 'approved') log.info(`Build ${build.id} ${verdict.outcome} by screening: ${verdict.reason}`);
    else if (lookPending) log.info(`Build ${build.id} listed on the local models' verdict: the vision model's look is late`);
  },
  giveUp: (tx, job) => holdForReview(tx, Number(job.payload.buildId), SCREENING_FAILED_REASON),
};
