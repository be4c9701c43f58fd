import { dirname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { StoredFinding } from '~/domain/vote-integrity';
import { saveIntegrityScan, scanFindings } from '~/models/vote-integrity.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { integrityScanJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import { db, type Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';

/** Patterns build up over days: an hourly look is soon enough, and staff can ask for one now. */
export const INTEGRITY_SCAN_EVERY_MS = 3600_000;

/** Queues the next scan at `runAt`, unless one is queued or running. */
export function scheduleIntegrityScan(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, integrityScanJob(runAt));
}

/**
 * The server build's worker entry beside build/server/index.js, which this module is
 * bundled into; null when running from source (development, unit tests), where the
 * worker's `~/` imports cannot load outside Vite.
 */
function workerFile(): string | null {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? null : join(dirname(here), 'integrity-worker.js');
}

/**
 * The detectors' findings, read in a worker thread (app/jobs/integrity-worker.ts):
 * each detector is one SQL aggregation over every rating, seconds on a large site,
 * that would hold up every request on the server's thread. From source they run
 * here, one detector per turn of the event loop.
 */
function findingsOffThread(): Promise<StoredFinding[]> {
  const file = workerFile();
  if (!file) return scanFindings(db(), nextTurn);
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { databasePath: env().DATABASE_PATH } });
    worker.once('message', (findings: StoredFinding[]) => {
      resolve(findings);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The vote-integrity scan's thread stopped (exit code ${code})`)));
  });
}

/**
 * Runs the vote-integrity detectors off the server's thread and keeps their findings
 * for the staff page, in place of the last scan's. Each run schedules the next one,
 * failed or not.
 */
export const scanVoteIntegrity: JobHandler = {
  async run({ complete }) {
    const started = performance.now();
    const findings = await findingsOffThread();
    const durationMs = Math.round(performance.now() - started);
    log.info('Vote integrity scanned', { findings: findings.length, durationMs });
    complete((tx) => {
      saveIntegrityScan(tx, { findings, scannedAt: new Date(), durationMs });
      scheduleIntegrityScan(tx, new Date(Date.now() + INTEGRITY_SCAN_EVERY_MS));
    });
  },
  giveUp: (tx) => scheduleIntegrityScan(tx, new Date(Date.now() + INTEGRITY_SCAN_EVERY_MS)),
};
