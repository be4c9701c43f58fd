import { and, eq, lt, ne } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { sha256 } from '~/services/crypto.server';
import { db, type Writer } from '~/services/db.server';
import { SESSION_TTL_MS } from '~/utils/constants';
import { currentUserColumns } from './users.server';
import { type CurrentUser } from '~/domain/users';
import { perDataVersion } from './version-cache.server';

export type ActiveSession = { user: CurrentUser; expiresAt: Date };

export function createSession(
  { sessionId, userId, userAgent, ip }: { sessionId: string; userId: number; userAgent: string | null; ip: string },
  now = Date.now(),
): void {
  db()
    .insert(sessions)
    .values({
      idHash: sha256(sessionId),
      userId,
      userAgent: userAgent?.slice(0, 300),
      ip,
      expiresAt: new Date(now + SESSION_TTL_MS),
      createdAt: new Date(now),
    })
    .run();
}

/** The session's member, unless the session expired or the member is disabled. */
export function findActiveSession(sessionId: string, now = Date.now()): ActiveSession | null {
  const session = activeSessions(sessionId);
  return session && session.expiresAt.getTime() > now ? session : null;
}

// Every page a member opens reads their session: read again only once the data
// changed (a sign-out, a renewal, a disabled member or a new name is a write). The
// expiry is compared on each use.
const activeSessions = perDataVersion(
  (sessionId: string): ActiveSession | null =>
    db()
      .select({ user: currentUserColumns, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, sha256(sessionId)), eq(users.isDisabled, false)))
      .get() ?? null,
  { max: 10_000 },
);

/** Pushes the expiry 30 days past now: the session rolls while it is used. */
export function renewSession(sessionId: string, now = Date.now()): Date {
  const expiresAt = new Date(now + SESSION_TTL_MS);
  db()
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.idHash, sha256(sessionId)))
    .run();
  return expiresAt;
}

export function deleteSession(sessionId: string): void {
  db()
    .delete(sessions)
    .where(eq(sessions.idHash, sha256(sessionId)))
    .run();
}

/** Ends every session of a member (e.g. when an admin disables them). */
export function deleteUserSessions(userId: number, writer: Writer = db()): number {
  return writer.delete(sessions).where(eq(sessions.userId, userId)).run().changes;
}

/** Ends every session of a member but `keepSessionId` (the one making the change), if it is theirs. */
export function deleteOtherUserSessions(userId: number, keepSessionId: string | null, writer: Writer = db()): number {
  const others = keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.idHash, sha256(keepSessionId))) : eq(sessions.userId, userId);
  return writer.delete(sessions).where(others).run().changes;
}

/** Deletes expired sessions (housekeeping). */
export function pruneSessions(now = Date.now()): number {
  return db()
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date(now)))
    .run().changes;
}
