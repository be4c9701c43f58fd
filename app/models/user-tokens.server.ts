import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { userTokens } from '../../db/schema';
import { randomToken, sha256 } from '~/services/crypto.server';
import { db } from '~/services/db.server';

type Purpose = 'verify_email' | 'reset_password';

/** Makes a single-use link token; earlier unused tokens of the same purpose stop working. */
export function issueUserToken(
  { userId, purpose, email, ttlMs }: { userId: number; purpose: Purpose; email?: string; ttlMs: number },
  now = Date.now(),
): string {
  const token = randomToken();
  db().transaction((tx) => {
    tx.update(userTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
      .run();
    tx.insert(userTokens)
      .values({ userId, purpose, email, tokenHash: sha256(token), expiresAt: new Date(now + ttlMs), createdAt: new Date(now) })
      .run();
  });
  return token;
}

const usable = (token: string, purpose: Purpose, now: number) =>
  and(
    eq(userTokens.tokenHash, sha256(token)),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date(now)),
  );

/** The token's owner (and address, for e-mail changes) while it is usable; reads only. */
export function findUserToken(token: string, purpose: Purpose, now = Date.now()) {
  return db()
    .select({ userId: userTokens.userId, email: userTokens.email })
    .from(userTokens)
    .where(usable(token, purpose, now))
    .get();
}

/** Marks the token used and returns what it was for, or null when it is unknown, used or expired. */
export function redeemUserToken(token: string, purpose: Purpose, now = Date.now()) {
  return (
    db()
      .update(userTokens)
      .set({ usedAt: new Date(now) })
      .where(usable(token, purpose, now))
      .returning({ userId: userTokens.userId, email: userTokens.email })
      .get() ?? null
  );
}

/** Deletes tokens that can no longer be used (housekeeping). */
export function pruneUserTokens(now = Date.now()): number {
  return db()
    .delete(userTokens)
    .where(or(lt(userTokens.expiresAt, new Date(now)), sql`${userTokens.usedAt} is not null`))
    .run().changes;
}
