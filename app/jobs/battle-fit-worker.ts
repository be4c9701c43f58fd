// The battle fit's thread (worker-thread.server.ts): reading every counted vote and fitting
// the strengths takes seconds at 100 000 builds (docs/performance.md).
import { parentPort, workerData } from 'node:worker_threads';
import { fitBattleStrengths } from '~/models/battles.server';
import { openReadOnlyDatabase } from '~/services/db.server';

const reader = openReadOnlyDatabase((workerData as { databasePath: string }).databasePath);
try {
  parentPort?.postMessage(fitBattleStrengths(reader));
} finally {
  reader.$client.close();
}
