import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { type Db, openReadOnlyDatabase } from '~/services/db.server';
import { env } from '~/services/env.server';

/*
 * Upkeep that reads the whole database and computes for seconds on a large site (the
 * vote-integrity scan, the battle fit, the leaderboards' ranking) runs in a worker thread
 * of its own: on the server's one JavaScript thread every request would wait for it. Each
 * worker is an entry of the server build (vite.config.ts), beside build/server/index.js
 * which this module is bundled into; it opens the database read-only, posts its one result
 * back (answerInWorkerThread), and the job writes it in its own transaction.
 */

/**
 * `entry`'s result, computed in a worker thread on the database at DATABASE_PATH (with
 * `data` beside it in its workerData). Run from source (development, unit tests), where a
 * worker's `~/` imports cannot load outside Vite, `here` computes it on this thread instead;
 * so does `{ small: true }`, for work that costs less than starting a thread (about 0.1 s of
 * CPU): a site without a build has nothing to rank or scan.
 */
export function inWorkerThread<T>(
  entry: string,
  here: () => Promise<T> | T,
  data: Record<string, unknown> = {},
  { small = false }: { small?: boolean } = {},
): Promise<T> {
  const module = fileURLToPath(import.meta.url);
  if (small || module.endsWith('.ts')) return Promise.resolve().then(here);
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
