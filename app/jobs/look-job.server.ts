import { EventEmitter, once } from 'node:events';
import { settleImageFiles } from '~/images/storage.server';
import { withAnalysisFile } from '~/images/records.server';
import { buildForRoast, type Look, saveLook, screeningLook } from '~/models/roasts.server';
import type { JobHandler } from '~/queue/runner.server';
import { ollamaLook } from '~/roast/ollama.server';
import { chooseOllama } from '~/roast/provider.server';
import { screeningThresholds } from '~/roast/screening/screening.server';
import { visionImage } from '~/roast/vision-image.server';
import { db } from '~/services/db.server';
import { log } from '~/services/log.server';

/** Told a build's id when its look has been saved, for a screening job waiting on it. */
const answered = new EventEmitter().setMaxListeners(0);

/**
 * The vision model's look at a new build's photo, a job of its own beside screening's:
 * screening waits for it only so long (see screenBuild), and a late one still counts
 * (saveLook). A look that fails does not hold the build up: the roast job looks again.
 */
export const lookAtBuild: JobHandler = {
  async run({ job, signal, complete }) {
    const build = buildForRoast(Number(job.payload.buildId));
    if (!build?.lookPending) return;
    // No file: the build was rejected (its photo deleted) meanwhile.
    const look = (await withAnalysisFile(build.imageId, (file) => lookWithOllama(file, signal))) ?? null;
    const unlisted = complete((tx) => saveLook(tx, build.id, look, screeningThresholds()));
    answered.emit(String(build.id));
    if (unlisted === null) return;
    log.info(`Build ${build.id} held for review: the vision model flagged its photo after it was listed`);
    // The hold is saved already: a failure here is put right by housekeeping's reconciliation.
    await settleImageFiles([unlisted]).catch((error: unknown) =>
      log.error(
        `Build ${build.id}: its photo's files could not be moved after its look`,
        error instanceof Error ? error.message : String(error),
      ),
    );
  },
  // Out of attempts: as a look that could not see, so the build waits for it no longer.
  giveUp: (tx, job) => {
    saveLook(tx, Number(job.payload.buildId), null, screeningThresholds());
  },
};

/**
 * Waits until the build's look has answered, for at most `ms`; at once when none is
 * pending. Its job runs in this process, since only the primary runs jobs.
 */
export async function lookAnswered(buildId: number, ms: number, signal: AbortSignal): Promise<void> {
  if (!screeningLook(db(), buildId).pending) return;
  // Timed out: screening goes on without the look. Aborted: the job is handed back.
  await once(answered, String(buildId), { signal: AbortSignal.any([signal, AbortSignal.timeout(ms)]) }).catch(() =>
    signal.throwIfAborted(),
  );
}

async function lookWithOllama(file: string, signal: AbortSignal): Promise<Look | null> {
  const ollama = await chooseOllama();
  if (!ollama) return null;
  try {
    const facts = await ollamaLook(ollama.config, await visionImage(file), signal);
    return { facts, author: { provider: 'ollama', model: ollama.config.model } };
  } catch (error) {
    if (signal.aborted) throw error;
    log.warn('The vision model could not look at this photo', error instanceof Error ? error.message : String(error));
    return null;
  }
}
