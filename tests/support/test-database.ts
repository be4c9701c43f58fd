import { type Db, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';

/** A fresh in-memory database with every migration applied, made the process-wide one. */
export function openTestDatabase(): Db {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  return setDatabase(db);
}
