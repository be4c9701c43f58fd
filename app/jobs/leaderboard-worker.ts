// The leaderboards' thread (worker-thread.server.ts): ranking a period is one SQL
// aggregation over its ratings, 0.3-0.5 s for all time at 50 000 builds, which the
// server's one JavaScript thread would spend with every request waiting.
import { parentPort, workerData } from 'node:worker_threads';
import { rankEveryPeriod } from '~/models/leaderboards.server';
import { openReadOnlyDatabase } from '~/services/db.server';

const { databasePath, now } = workerData as { databasePath: string; now: number };
const reader = openReadOnlyDatabase(databasePath);
try {
  parentPort?.postMessage(rankEveryPeriod(now, reader));
} finally {
  reader.$client.close();
}
