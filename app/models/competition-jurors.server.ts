import { and, asc, eq, inArray } from 'drizzle-orm';
import { competitionJurors, users } from '../../db/schema';
import { usernameKey } from '~/domain/usernames';
import { db, type Writer } from '~/services/db.server';

/**
 * The members named, by username (with or without its @, compared as usernames
 * are: folded; each once), or the names that match no active member: a jury is
 * set whole or not at all.
 */
export function findJurors(reader: Writer, named: string[]): { ok: true; ids: number[] } | { ok: false; unknown: string[] } {
  const bare = named.map((name) => name.trim().replace(/^@/, '')).filter(Boolean);
  const names = [...new Map(bare.map((name) => [usernameKey(name), name])).values()];
  if (names.length === 0) return { ok: true, ids: [] };
  const keys = names.map(usernameKey);
  const found = new Map(
    reader
      .select({ id: users.id, key: users.usernameKey })
      .from(users)
      .where(and(inArray(users.usernameKey, keys), eq(users.isDisabled, false)))
      .all()
      .map((row) => [row.key, row.id]),
  );
  const unknown = names.filter((_, index) => !found.has(keys[index]!));
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, ids: keys.map((key) => found.get(key)!) };
}

/** Replaces a competition's jury. */
export function setJurors(writer: Writer, competitionId: number, userIds: number[]): void {
  writer.delete(competitionJurors).where(eq(competitionJurors.competitionId, competitionId)).run();
  if (userIds.length > 0)
    writer
      .insert(competitionJurors)
      .values(userIds.map((userId) => ({ competitionId, userId })))
      .run();
}

/** The jurors' usernames, A to Z. */
export function jurorNames(competitionId: number): string[] {
  return db()
    .select({ username: users.username })
    .from(competitionJurors)
    .innerJoin(users, eq(users.id, competitionJurors.userId))
    .where(eq(competitionJurors.competitionId, competitionId))
    .orderBy(asc(users.usernameKey))
    .all()
    .map((row) => row.username);
}

/** Whether the member sits on the competition's jury. */
export function isJuror(competitionId: number, userId: number): boolean {
  return (
    db()
      .select({ userId: competitionJurors.userId })
      .from(competitionJurors)
      .where(and(eq(competitionJurors.competitionId, competitionId), eq(competitionJurors.userId, userId)))
      .get() !== undefined
  );
}
