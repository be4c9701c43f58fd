import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { onTestFinished } from 'vitest';
import { closeDatabase, type Db, openDatabase, setDatabase } from '~/services/db.server';
import { migrationsFolder } from '~/services/paths.server';

type Journal = { entries: { tag: string }[] };

/**
 * An in-memory database migrated up to just before the migration whose tag ends with
 * `tagSuffix` (e.g. '_progression'), as an existing site's is; `applyRest` runs that
 * migration and the later ones on it, so a test can see what it does to rows already
 * there. Call `close` after the test.
 */
export function databaseBefore(tagSuffix: string): { db: Db; applyRest: () => void; close: () => void } {
  const scratch = mkdtempSync(join(tmpdir(), 'rigroast-migration-'));
  const folder = join(scratch, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  if (index < 0) throw new Error(`No migration ends with ${tagSuffix}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  const db = openDatabase(':memory:');
  migrate(db, { migrationsFolder: folder });
  return {
    db,
    applyRest: () => {
      writeFileSync(journalPath, JSON.stringify(journal));
      migrate(db, { migrationsFolder: folder });
    },
    close: () => {
      db.$client.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * `databaseBefore(tagSuffix)` as the process-wide database (what `db()` and the models read)
 * for the test that calls it, closed when that test finishes: an existing site's database,
 * for a test that reads what the migration left through the models.
 */
export function siteBefore(tagSuffix: string): { sqlite: Database.Database; db: Db; applyRest: () => void } {
  const { db, applyRest, close } = databaseBefore(tagSuffix);
  onTestFinished(close);
  closeDatabase();
  setDatabase(db);
  return { sqlite: db.$client, db, applyRest };
}
