import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { aMember } from '#tests/support/factories';
import { openTestDatabase } from '#tests/support/test-database';
import { db } from '~/services/db.server';
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
});
