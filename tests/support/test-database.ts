import Database from 'better-sqlite3';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type Db, db, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { waitFor } from './wait';

/** Every migration applied to an empty database, once per test worker: each test starts on a copy. */
let migrated: Buffer | undefined;

/** A fresh in-memory database with every migration applied, made the process-wide one. */
export function openTestDatabase(): Db {
  if (!migrated) {
    const first = openDatabase(':memory:');
    migrateDatabase(first);
    migrated = first.$client.serialize();
    first.$client.close();
  }
  return setDatabase(openDatabase(migrated));
}

/** Every value of one column in the process-wide database, in the order the rows were written. */
export function columnValues<C extends AnySQLiteColumn>(column: C): C['_']['data'][] {
  return db()
    .select({ value: column })
    .from(column.table as SQLiteTable)
    .all()
    .map((row) => row.value as C['_']['data']);
}

/**
 * The test's own connection to a running app's database file. It waits for the app's
 * writer as long as a loaded CI machine may keep it busy (seen: more than 5 s).
 */
export function openAppDatabase(databasePath: string, options: { readonly?: boolean } = {}): Database.Database {
  const sqlite = new Database(databasePath, options);
  sqlite.pragma('busy_timeout = 30000');
  return sqlite;
}

/** One row from a running app's database file, read through a read-only connection of its own. */
export function readRow<T>(databasePath: string, query: string, ...params: unknown[]): T {
  const sqlite = openAppDatabase(databasePath, { readonly: true });
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
export function rankLeaderboardsNow(databasePath: string): Promise<void> {
  return runScheduledJobNow(databasePath, 'leaderboard');
}

/** Brings a running app's scheduled job `key` forward and waits until that run is done. */
export async function runScheduledJobNow(databasePath: string, key: string): Promise<void> {
  const sqlite = openAppDatabase(databasePath);
  try {
    // None is queued while one runs; the next one is queued as it finishes.
    const bringForward = sqlite.prepare("update jobs set run_at = ? where key = ? and status = 'queued' returning id").pluck();
    const id = await waitFor(() => bringForward.get(Date.now(), key) as number | undefined);
    const status = sqlite.prepare('select status from jobs where id = ?').pluck();
    await waitFor(() => status.get(id) === 'done');
  } finally {
    sqlite.close();
  }
}
