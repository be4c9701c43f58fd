import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { type Db, openReadOnlyDatabase } from '~/services/db.server';
import { env } from '~/services/env.server';
import { upkeepThreads } from '~/services/metrics.server';

/*
 * Upkeep that reads the whole database and computes for seconds on a large site (the
 * vote-integrity scan, the battle fit, the leaderboards' ranking) runs in a worker thread
 * of its own: on the server's one JavaScript thread every request would wait for it. Each
 * worker is an entry of the server build (vite.config.ts), beside build/server/index.js
 * which this module is bundled into; it opens the database read-only, posts its one result
 * back (answerInWorkerThread), and the job writes it in its own transaction.
 */

/**
 * Upkeep over fewer rows than this (upkeepRows) runs on the server's thread: with 1 999
 * (1 500 builds, 499 ratings) the slowest, the battle fit, took about 10 ms more than on
 * an empty site, where each thread's start costs 0.1–0.2 s of CPU (the built server's
 * workers, measured on the bench database cut down).
 */
export const THREAD_WORTH_ROWS = 2000;

/**
 * `entry`'s result, computed in a worker thread on the database at DATABASE_PATH (with
 * `data` beside it in its workerData), or by `here` on this thread when the work is
 * over fewer than THREAD_WORTH_ROWS `rows`. Run from source (development, unit tests),
 * where a worker's `~/` imports cannot load outside Vite, `here` always computes it.
 */
export function inWorkerThread<T>(
  entry: string,
  here: () => Promise<T> | T,
  { rows, data = {} }: { rows: number; data?: Record<string, unknown> },
): Promise<T> {
  const module = fileURLToPath(import.meta.url);
  if (rows < THREAD_WORTH_ROWS || module.endsWith('.ts')) return Promise.resolve().then(here);
  upkeepThreads.inc({ entry });
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(join(dirname(module), `${entry}.js`), { workerData: { ...data, databasePath: env().DATABASE_PATH } });
    worker.once('message', (result: T) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The ${entry} thread stopped (exit code ${code})`)));
  });
}

/**
 * A worker entry's one task: `compute` on a read-only connection of its own to the database
 * inWorkerThread named, with the `data` it passed, and the result posted back.
 */
export async function answerInWorkerThread<Data, T>(compute: (reader: Db, data: Data) => Promise<T> | T): Promise<void> {
  const { databasePath, ...data } = workerData as Data & { databasePath: string };
  const reader = openReadOnlyDatabase(databasePath);
  try {
    parentPort?.postMessage(await compute(reader, data as Data));
  } finally {
    reader.$client.close();
  }
}
