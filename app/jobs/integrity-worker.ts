// The vote-integrity scan's thread (worker-thread.server.ts): its detectors are whole-table
// SQL aggregations, seconds on a large site.
import { parentPort, workerData } from 'node:worker_threads';
import { scanFindings } from '~/models/vote-integrity.server';
import { openReadOnlyDatabase } from '~/services/db.server';

const reader = openReadOnlyDatabase((workerData as { databasePath: string }).databasePath);
try {
  parentPort?.postMessage(await scanFindings(reader));
} finally {
  reader.$client.close();
}
