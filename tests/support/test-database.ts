import Database from 'better-sqlite3';
import { type Db, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { waitFor } from './wait';

/** A fresh in-memory database with every migration applied, made the process-wide one. */
export function openTestDatabase(): Db {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  return setDatabase(db);
}

/** One row from a running app's database file, read through a read-only connection of its own. */
export function readRow<T>(databasePath: string, query: string, ...params: unknown[]): T {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    return sqlite.prepare(query).get(...params) as T;
  } finally {
    sqlite.close();
  }
}

/**
 * For data written straight into a running app's database: brings its leaderboard
 * job forward, as a rating does, and waits until that ranking is done.
 */
export async function rankLeaderboardsNow(databasePath: string): Promise<void> {
  const sqlite = new Database(databasePath);
  sqlite.pragma('busy_timeout = 5000');
  try {
    // None is queued while one runs; the next one is queued as it finishes.
    const bringForward = sqlite.prepare("update jobs set run_at = ? where key = 'leaderboard' and status = 'queued' returning id").pluck();
    const id = await waitFor(() => bringForward.get(Date.now()) as number | undefined);
    const status = sqlite.prepare('select status from jobs where id = ?').pluck();
    await waitFor(() => status.get(id) === 'done');
  } finally {
    sqlite.close();
  }
}
