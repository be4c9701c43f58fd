import Database from 'better-sqlite3';
import { type Db, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';

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
