import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StoredFinding } from '~/domain/vote-integrity';
import { upkeepRows } from '~/models/upkeep-size.server';
import { saveIntegrityScan, scanFindings } from '~/models/vote-integrity.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { integrityScanJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import { db, type Writer } from '~/services/db.server';
import { log } from '~/services/log.server';
import { inWorkerThread } from './worker-thread.server';

/** Patterns build up over days: an hourly look is soon enough, and staff can ask for one now. */
export const INTEGRITY_SCAN_EVERY_MS = 3600_000;

/** Queues the next scan at `runAt`, unless one is queued or running. */
export function scheduleIntegrityScan(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, integrityScanJob(runAt));
}

/**
 * Runs the vote-integrity detectors off the server's thread and keeps their findings
 * for the staff page, in place of the last scan's. Each run schedules the next one,
 * failed or not.
 */
export const scanVoteIntegrity: JobHandler = {
  async run({ complete }) {
    const started = performance.now();
    // From source, one detector per turn of the event loop.
    const findings = await inWorkerThread<StoredFinding[]>('integrity-worker', () => scanFindings(db(), nextTurn), { rows: upkeepRows() });
    const durationMs = Math.round(performance.now() - started);
    log.info('Vote integrity scanned', { findings: findings.length, durationMs });
    complete((tx) => {
      saveIntegrityScan(tx, { findings, scannedAt: new Date(), durationMs });
      scheduleIntegrityScan(tx, new Date(Date.now() + INTEGRITY_SCAN_EVERY_MS));
    });
  },
  giveUp: (tx) => scheduleIntegrityScan(tx, new Date(Date.now() + INTEGRITY_SCAN_EVERY_MS)),
};
