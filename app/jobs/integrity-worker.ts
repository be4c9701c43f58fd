// The vote-integrity scan in a thread of its own (decision 022): its detectors are whole-table
// SQL aggregations that take seconds on a large site, and on the server's thread every
// request would wait for them. Started by the scan job with the database's path; it reads
// through its own read-only connection and posts the findings back.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from '../../db/schema';
import { scanFindings } from '~/models/vote-integrity.server';
import type { Db } from '~/services/db.server';

const { databasePath } = workerData as { databasePath: string };
const sqlite = new Database(databasePath, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
try {
  parentPort?.postMessage(await scanFindings(drizzle({ client: sqlite, schema }) as Db));
} finally {
  sqlite.close();
}
