import { withAnalysisFile } from '~/images/records.server';
import { photoToDescribe, queueMissingAltDrafts, saveAltDraft } from '~/models/photo-alts.server';
import { altBackfillJob, type PhotoRef } from '~/queue/job-types';
import { enqueueJob } from '~/queue/enqueue.server';
import type { JobHandler } from '~/queue/runner.server';
import { analysePhoto, describePhoto } from '~/roast/builtin/index.server';
import { ollamaDescribe, OllamaError } from '~/roast/ollama.server';
import { chooseOllama } from '~/roast/provider.server';
import { roasterStatus } from '~/roast/roaster-state.server';
import { visionImage } from '~/roast/vision-image.server';
import type { Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';

/** The payload names one photo: a build's main one or an extra one. */
function photoRef(payload: Record<string, unknown>): PhotoRef {
  return 'photoId' in payload ? { photoId: Number(payload.photoId) } : { buildId: Number(payload.buildId) };
}

/**
 * Drafts a photo's alt text once: the vision model's description when Ollama is in use,
 * else the built-in drafter's, from the photo's light and colours. When the model does
 * not answer, the built-in draft stands in ('stand_in') and the backfill asks the model
 * once more when it is ready again; a model that answered but unusably, or failed that
 * second time, leaves the built-in draft for good. A photo the owner described is left
 * alone; one whose file is gone gets '' so it is not drafted again.
 */
export const draftPhotoAlt: JobHandler = {
  async run({ job, signal, complete }) {
    const ref = photoRef(job.payload);
    const photo = photoToDescribe(ref);
    if (!photo || (photo.alt !== null && photo.by !== 'stand_in')) return;
    const draft = await withAnalysisFile(photo.imageId, (file) => draftAlt(file, photo.size, photo.by === 'stand_in', signal));
    complete((tx) => saveAltDraft(tx, ref, draft?.text ?? '', draft?.by ?? 'builtin'));
  },
  // Out of attempts: no draft, so the backfill does not pick it again; pages name it by the title.
  giveUp: (tx, job) => {
    saveAltDraft(tx, photoRef(job.payload), '', 'builtin');
  },
};

type Draft = { text: string; by: 'model' | 'builtin' | 'stand_in' };

async function draftAlt(file: string, size: { width: number; height: number }, retry: boolean, signal: AbortSignal): Promise<Draft> {
  const ollama = await chooseOllama();
  let by: Draft['by'] = 'builtin';
  if (ollama) {
    // Read outside the fallback: a file that moved meanwhile (its build was listed) is
    // read again where it went (withAnalysisFile), not blamed on the model.
    const image = await visionImage(file);
    try {
      return { text: await ollamaDescribe(ollama.config, image, signal), by: 'model' };
    } catch (error) {
      // A description beats none: the built-in one stands in even when Ollama is required.
      if (signal.aborted) throw error;
      log.warn(
        'The vision model gave no usable photo description; the built-in one stands in',
        error instanceof Error ? error.message : String(error),
      );
      if (!retry && !(error instanceof OllamaError && error.kind === 'bad_answer')) by = 'stand_in';
    }
  } else if (!retry && env().ROAST_PROVIDER !== 'builtin') by = 'stand_in';
  return { text: describePhoto(await analysePhoto(file, size)), by };
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
 * draft, and the built-in stand-ins the model's description once it is ready again, a
 * few at a time while no other draft is on its way, then looks again.
 */
export const altBackfill: JobHandler = {
  async run({ complete }) {
    // Stand-ins are asked for only of a model that is ready, never of one still down.
    const modelReady = env().ROAST_PROVIDER !== 'builtin' && (await roasterStatus()).state === 'ready';
    complete((tx) => {
      const queued = queueMissingAltDrafts(tx, ALT_BACKFILL_BATCH, { modelReady });
      scheduleAltBackfill(tx, new Date(Date.now() + (queued === 0 ? ALT_BACKFILL_IDLE_MS : ALT_BACKFILL_SOON_MS)));
    });
  },
  giveUp: (tx) => scheduleAltBackfill(tx, new Date(Date.now() + ALT_BACKFILL_SOON_MS)),
};
