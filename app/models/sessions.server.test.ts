import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { randomToken } from '~/services/crypto.server';
import { db } from '~/services/db.server';
import { SESSION_TTL_MS } from '~/utils/constants';
import { sessions, users } from '../../db/schema';
import {
  createSession,
  deleteOtherUserSessions,
  deleteSession,
  deleteUserSessions,
  findActiveSession,
  pruneSessions,
  renewSession,
} from './sessions.server';
import { aMember } from '#tests/support/factories';

// No code here needs the cookie secret, but set it so nothing can be written to ./data.
vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

/** A new session for `userId`, started at `now`; returns its id (the cookie's value). */
function startSession(userId: number, now = NOW): string {
  const sessionId = randomToken();
  createSession({ sessionId, userId, userAgent: 'Mozilla/5.0 (Test)', ip: '203.0.113.7' }, now);
  return sessionId;
}

const sessionCount = () => db().select().from(sessions).all().length;

describe('createSession', () => {
  it('stores only the hash of the session id', () => {
    const userId = aMember().id;
    const sessionId = startSession(userId);
    const raw = db().$client.prepare('select * from sessions').all();
    expect(raw).toHaveLength(1);
    expect(JSON.stringify(raw)).not.toContain(sessionId);
  });

  it('keeps the session for 30 days', () => {
    const userId = aMember().id;
    const sessionId = startSession(userId);
    expect(findActiveSession(sessionId, NOW)?.expiresAt.getTime()).toBe(NOW + 30 * DAY);
    expect(SESSION_TTL_MS).toBe(30 * DAY);
  });

  it('cuts a very long user agent to 300 characters', () => {
    const userId = aMember().id;
    createSession({ sessionId: randomToken(), userId, userAgent: 'x'.repeat(1000), ip: '203.0.113.7' }, NOW);
    createSession({ sessionId: randomToken(), userId, userAgent: null, ip: '203.0.113.7' }, NOW);
    expect(
      db()
        .select({ userAgent: sessions.userAgent })
        .from(sessions)
        .all()
        .map((row) => row.userAgent?.length ?? null)
        .sort(),
    ).toEqual([300, null]);
  });
});

describe('findActiveSession', () => {
  it('returns the member of a live session', () => {
    const userId = aMember({ username: 'NeonPhantom4821', email: 'neon@example.com', isAdmin: true }).id;
    const sessionId = startSession(userId);
    expect(findActiveSession(sessionId, NOW + DAY)).toEqual({
      user: {
        id: userId,
        username: 'NeonPhantom4821',
        email: 'neon@example.com',
        avatarUrl: '',
        isAdmin: true,
        isModerator: false,
        suspendedUntil: null,
      },
      expiresAt: new Date(NOW + SESSION_TTL_MS),
    });
  });

  it('tells sessions of different members apart', () => {
    const alice = aMember().id;
    const bob = aMember().id;
    const aliceSession = startSession(alice);
    const bobSession = startSession(bob);
    expect(findActiveSession(aliceSession, NOW)?.user.id).toBe(alice);
    expect(findActiveSession(bobSession, NOW)?.user.id).toBe(bob);
  });

  it('returns null for an expired session', () => {
    const sessionId = startSession(aMember().id);
    expect(findActiveSession(sessionId, NOW + SESSION_TTL_MS - 1)).not.toBeNull();
    expect(findActiveSession(sessionId, NOW + SESSION_TTL_MS)).toBeNull();
    expect(findActiveSession(sessionId, NOW + SESSION_TTL_MS + DAY)).toBeNull();
  });

  it('returns null for an unknown session id', () => {
    startSession(aMember().id);
    expect(findActiveSession(randomToken(), NOW)).toBeNull();
    expect(findActiveSession('', NOW)).toBeNull();
  });

  it('does not accept the stored hash in place of the id', () => {
    startSession(aMember().id);
    const [row] = db().select().from(sessions).all();
    expect(findActiveSession(row!.idHash, NOW)).toBeNull();
  });

  it('returns null for a disabled member', () => {
    const userId = aMember().id;
    const sessionId = startSession(userId);
    db().update(users).set({ isDisabled: true }).where(eq(users.id, userId)).run();
    expect(findActiveSession(sessionId, NOW)).toBeNull();
  });
});

describe('renewSession', () => {
  it('moves the expiry to 30 days after now', () => {
    const sessionId = startSession(aMember().id);
    const later = NOW + 20 * DAY;
    expect(renewSession(sessionId, later)).toEqual(new Date(later + SESSION_TTL_MS));
    expect(findActiveSession(sessionId, later)?.expiresAt).toEqual(new Date(later + SESSION_TTL_MS));
    // Alive past the original expiry.
    expect(findActiveSession(sessionId, NOW + 40 * DAY)).not.toBeNull();
    expect(findActiveSession(sessionId, later + SESSION_TTL_MS)).toBeNull();
  });

  it('renews only the given session', () => {
    const userId = aMember().id;
    const renewed = startSession(userId);
    const other = startSession(userId);
    renewSession(renewed, NOW + 20 * DAY);
    expect(findActiveSession(other, NOW + 40 * DAY)).toBeNull();
    expect(findActiveSession(renewed, NOW + 40 * DAY)).not.toBeNull();
  });
});

describe('deleteSession', () => {
  it('ends only the given session', () => {
    const userId = aMember().id;
    const ended = startSession(userId);
    const kept = startSession(userId);
    deleteSession(ended);
    expect(findActiveSession(ended, NOW)).toBeNull();
    expect(findActiveSession(kept, NOW)).not.toBeNull();
    expect(sessionCount()).toBe(1);
  });

  it('does nothing for an unknown id', () => {
    startSession(aMember().id);
    deleteSession(randomToken());
    expect(sessionCount()).toBe(1);
  });
});

describe('deleteUserSessions', () => {
  it("ends every session of one member and no one else's", () => {
    const alice = aMember().id;
    const bob = aMember().id;
    const aliceSessions = [startSession(alice), startSession(alice), startSession(alice)];
    const bobSession = startSession(bob);

    expect(deleteUserSessions(alice)).toBe(3);
    for (const sessionId of aliceSessions) expect(findActiveSession(sessionId, NOW)).toBeNull();
    expect(findActiveSession(bobSession, NOW)?.user.id).toBe(bob);
    expect(deleteUserSessions(alice)).toBe(0);
  });
});

describe('deleteOtherUserSessions', () => {
  it("ends a member's sessions but the one given, and no one else's", () => {
    const alice = aMember().id;
    const bob = aMember().id;
    const [current, ...others] = [startSession(alice), startSession(alice), startSession(alice)];
    const bobSession = startSession(bob);

    expect(deleteOtherUserSessions(alice, current!)).toBe(2);
    expect(findActiveSession(current!, NOW)?.user.id).toBe(alice);
    for (const sessionId of others) expect(findActiveSession(sessionId, NOW)).toBeNull();
    expect(findActiveSession(bobSession, NOW)?.user.id).toBe(bob);
  });

  it("ends them all when the session given is not the member's, or there is none", () => {
    const alice = aMember().id;
    const bob = aMember().id;
    startSession(alice);
    const bobSession = startSession(bob);
    expect(deleteOtherUserSessions(alice, bobSession)).toBe(1);
    startSession(alice);
    expect(deleteOtherUserSessions(alice, null)).toBe(1);
    expect(findActiveSession(bobSession, NOW)?.user.id).toBe(bob);
  });
});

describe('pruneSessions', () => {
  it('deletes expired sessions only', () => {
    const userId = aMember().id;
    startSession(userId, NOW - 40 * DAY);
    startSession(userId, NOW - 31 * DAY);
    const live = startSession(userId, NOW - 29 * DAY);
    const fresh = startSession(userId, NOW);

    expect(pruneSessions(NOW)).toBe(2);
    expect(sessionCount()).toBe(2);
    expect(findActiveSession(live, NOW)).not.toBeNull();
    expect(findActiveSession(fresh, NOW)).not.toBeNull();
    expect(pruneSessions(NOW)).toBe(0);
  });
});
