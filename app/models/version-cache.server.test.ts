import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { aMember } from '#tests/support/factories';
import { openTestDatabase } from '#tests/support/test-database';
import { db, migrateDatabase, openDatabase, setDatabase, readingVersionOnce } from '~/services/db.server';
import { perDataVersion } from './version-cache.server';

/** A member's name through a remembered read, counting the reads that reached the database. */
function rememberedNames() {
  let reads = 0;
  const name = perDataVersion((id: number) => {
    reads++;
    return db().select({ username: users.username }).from(users).where(eq(users.id, id)).get()?.username ?? null;
  });
  return { name, reads: () => reads };
}

describe('perDataVersion', () => {
  it('reads once while nothing is written, and again after any write', () => {
    const { id } = aMember({ username: 'FirstName' });
    const other = aMember().id;
    const { name, reads } = rememberedNames();
    expect([name(id), name(id), name(other), name(id)]).toEqual(['FirstName', 'FirstName', expect.stringMatching(/^member/), 'FirstName']);
    expect(reads()).toBe(2);

    db().update(users).set({ username: 'SecondName' }).where(eq(users.id, id)).run();
    expect(name(id)).toBe('SecondName');
    expect(reads()).toBe(3);
  });

  it('never answers from another database, even one whose version reads the same', () => {
    const { name } = rememberedNames();
    const { id } = aMember({ username: 'OnTheFirst' });
    expect(name(id)).toBe('OnTheFirst');
    openTestDatabase();
    aMember({ username: 'OnTheSecond' });
    expect(name(id)).toBe('OnTheSecond');
  });

  describe('within one GET request', () => {
    let folder: string | undefined;
    afterEach(() => {
      db().$client.close();
      openTestDatabase();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    /** The app's connection to a database file, and another process's connection to the same file. */
    function twoConnections() {
      folder = mkdtempSync(join(tmpdir(), 'rigroast-version-'));
      const path = join(folder, 'sqlite.db');
      migrateDatabase(setDatabase(openDatabase(path)));
      const other = new Database(path);
      other.pragma('busy_timeout = 5000');
      return { other };
    }

    it("sees another process's commit from the next request on, and outside requests at once", async () => {
      const { other } = twoConnections();
      const { id } = aMember({ username: 'Original' });
      const { name } = rememberedNames();
      const rename = (username: string) => other.prepare('update users set username = ? where id = ?').run(username, id);
      try {
        await readingVersionOnce(async () => {
          expect(name(id)).toBe('Original');
          rename('Renamed');
          await Promise.resolve();
          // A GET reads the version once: another process's commit is the next request's.
          expect(name(id)).toBe('Original');
        });
        expect(readingVersionOnce(() => name(id))).toBe('Renamed');
        rename('RenamedAgain');
        expect(name(id)).toBe('RenamedAgain');
      } finally {
        other.close();
      }
    });
  });
});
