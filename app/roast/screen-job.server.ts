import { settleImageFiles } from '~/models/image-storage.server';
import { withAnalysisFile } from '~/models/images.server';
import { buildForRoast, holdForReview, saveScreening, type ScreeningOutcome } from '~/models/roasts.server';
import type { JobHandler } from '~/jobs/runner.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';
import type { RoastFacts } from './facts';
import { ollamaLook } from './ollama.server';
import { chooseOllama } from './provider.server';
import { screenImage, screeningThresholds, screeningVerdict } from './screening/screening.server';
import { visionImage } from './vision-image.server';

export const SCREENING_FAILED_REASON = "We couldn't check this photo automatically, so a moderator will look at it before it is listed.";

/**
 * Screens a new build's photo before it is listed: the local models (NSFW,
 * faces) always, and the vision model's look step when Ollama is in use — its
 * safety flags count too, and its facts are kept for the roast. A look that
 * fails does not hold the build up: the roast job looks again.
 */
export const screenBuild: JobHandler = {
  async run({ job, signal, complete }) {
    const build = buildForRoast(Number(job.payload.buildId));
    if (!build || build.reviewStatus !== 'pending') return;
    const seen = await withAnalysisFile(build.imageId, async (file) => ({
      // Builds queued before screening was switched off are let through unscreened.
      scores: env().SCREENING === 'off' ? null : await screenImage(file),
      look: await lookWithOllama(file, signal),
    }));
    if (!seen) throw new Error(`Build ${build.id} has no JPEG variant to screen`);
    const { scores, look } = seen;
    const verdict = screeningVerdict({ scores, look: look?.facts ?? null, thresholds: screeningThresholds() });
    const outcome: ScreeningOutcome = { ...verdict, scores, look };
    complete((tx) => saveScreening(tx, build.id, outcome));
    // Approved, the photo is published; rejected, it is deleted; held, it stays private.
    // The verdict is saved already: a failure here is put right by housekeeping's reconciliation.
    await settleImageFiles([build.imageId]).catch((error: unknown) =>
      log.error(
        `Build ${build.id}: its photo's files could not be moved after screening`,
        error instanceof Error ? error.message : String(error),
      ),
    );
    if (verdict.outcome !== 'approved') log.info(`Build ${build.id} ${verdict.outcome} by screening: ${verdict.reason}`);
  },
  giveUp: (tx, job) => holdForReview(tx, Number(job.payload.buildId), SCREENING_FAILED_REASON),
};

async function lookWithOllama(file: string, signal: AbortSignal): Promise<ScreeningOutcome['look']> {
  const ollama = await chooseOllama();
  if (!ollama) return null;
  try {
    const facts: RoastFacts = await ollamaLook(ollama.config, await visionImage(file), signal);
    return { facts, author: { provider: 'ollama', model: ollama.config.model } };
  } catch (error) {
    if (signal.aborted) throw error;
    log.warn('The vision model could not look at this photo while screening', error instanceof Error ? error.message : String(error));
    return null;
  }
}
