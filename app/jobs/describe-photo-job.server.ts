import { withAnalysisFile } from '~/images/records.server';
import { photoToDescribe, queueMissingAltDrafts, saveAltDraft } from '~/models/photo-alts.server';
import { altBackfillJob, type PhotoRef } from '~/queue/job-types';
import { enqueueJob } from '~/queue/enqueue.server';
import type { JobHandler } from '~/queue/runner.server';
import { analysePhoto, describePhoto } from '~/roast/builtin/index.server';
import { ollamaDescribe } from '~/roast/ollama.server';
import { chooseOllama } from '~/roast/provider.server';
import { visionImage } from '~/roast/vision-image.server';
import type { Writer } from '~/services/db.server';
import { log } from '~/services/log.server';

/** The payload names one photo: a build's main one or an extra one. */
function photoRef(payload: Record<string, unknown>): PhotoRef {
  return 'photoId' in payload ? { photoId: Number(payload.photoId) } : { buildId: Number(payload.buildId) };
}

/**
 * Drafts a photo's alt text once: the vision model's description when Ollama is in use,
 * else (or when it gives none) the built-in drafter's, from the photo's light and colours.
 * A photo that has one already (the owner wrote it first) is left alone; one whose file
 * is gone gets '' so it is not drafted again.
 */
export const draftPhotoAlt: JobHandler = {
  async run({ job, signal, complete }) {
    const ref = photoRef(job.payload);
    const photo = photoToDescribe(ref);
    if (!photo || photo.alt !== null) return;
    const draft = await withAnalysisFile(photo.imageId, (file) => draftAlt(file, photo.size, signal));
    complete((tx) => saveAltDraft(tx, ref, draft ?? ''));
  },
  // Out of attempts: no draft, so the backfill does not pick it again; pages name it by the title.
  giveUp: (tx, job) => {
    saveAltDraft(tx, photoRef(job.payload), '');
  },
};

async function draftAlt(file: string, size: { width: number; height: number }, signal: AbortSignal): Promise<string> {
  const ollama = await chooseOllama();
  if (ollama) {
    // Read outside the fallback: a file that moved meanwhile (its build was listed) is
    // read again where it went (withAnalysisFile), not blamed on the model.
    const image = await visionImage(file);
    try {
      return await ollamaDescribe(ollama.config, image, signal);
    } catch (error) {
      // A description beats none: the built-in one stands in even when Ollama is required.
      if (signal.aborted) throw error;
      log.warn(
        'The vision model gave no usable photo description; the built-in one stands in',
        error instanceof Error ? error.message : String(error),
      );
    }
  }
  return describePhoto(await analysePhoto(file, size));
}

/** Photos drafted per round of the backfill: new uploads' drafts wait behind at most this many. */
export const ALT_BACKFILL_BATCH = 10;
/**
 * The next round after one that queued drafts or found them still on their way: the
 * built-in drafter takes milliseconds a photo, so 100,000 photos take about a day; a
 * vision model on a CPU is slower than the rounds, which then only find it busy.
 */
export const ALT_BACKFILL_SOON_MS = 10_000;
/** The next look when every photo had its alt text. */
export const ALT_BACKFILL_IDLE_MS = 3600_000;

/** Queues the alt-text backfill at `runAt`, unless one is queued or running. */
export function scheduleAltBackfill(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, altBackfillJob(runAt));
}

/**
 * Gives the photos uploaded before alt text existed (and any a draft was lost for) their
 * draft, a few at a time while no other draft is on its way, then looks again.
 */
export const altBackfill: JobHandler = {
  async run({ complete }) {
    complete((tx) => {
      const queued = queueMissingAltDrafts(tx, ALT_BACKFILL_BATCH);
      scheduleAltBackfill(tx, new Date(Date.now() + (queued === 0 ? ALT_BACKFILL_IDLE_MS : ALT_BACKFILL_SOON_MS)));
    });
  },
  giveUp: (tx) => scheduleAltBackfill(tx, new Date(Date.now() + ALT_BACKFILL_SOON_MS)),
};
