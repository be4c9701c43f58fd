import { setTimeout as sleep } from 'node:timers/promises';
import { mergeSearchIndex } from '~/models/search-index.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { searchIndexJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';
import { log } from '~/services/log.server';
import { DAY_MS } from '~/utils/dates';

/**
 * A day's edits leave a search a few milliseconds slower; merging rewrites the
 * whole index (tens of MB at 100 000 builds, which LiteFS ships to every replica),
 * so once a day.
 */
export const SEARCH_INDEX_EVERY_MS = DAY_MS;

/** A pause between merge steps, in which the writes waiting for the database go first. */
const STEP_PAUSE_MS = 20;

/** Queues the next merge of the search index at `runAt`, unless one is queued or running. */
export function scheduleSearchIndexMerge(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, searchIndexJob(runAt));
}

/**
 * Merges the gallery search's index into one segment (models/search-index.server.ts),
 * a step per transaction, and comes back a day later.
 */
export const mergeSearchIndexJob: JobHandler = {
  async run({ complete }) {
    const started = performance.now();
    let steps = 1;
    for (const _step of mergeSearchIndex()) {
      steps++;
      await sleep(STEP_PAUSE_MS);
    }
    log.info('Search index merged', { steps, durationMs: Math.round(performance.now() - started) });
    complete((tx) => scheduleSearchIndexMerge(tx, new Date(Date.now() + SEARCH_INDEX_EVERY_MS)));
  },
  giveUp: (tx) => scheduleSearchIndexMerge(tx, new Date(Date.now() + SEARCH_INDEX_EVERY_MS)),
};
