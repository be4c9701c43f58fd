import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { builds, shareTokens } from '../../db/schema';
import { randomToken } from '~/services/crypto.server';
import { db } from '~/services/db.server';
import { findBuild, listed } from './builds.server';
import { type BuildSummary } from '~/domain/builds';

/** 24 random bytes: 192 bits, well past guessing. */
const TOKEN_BYTES = 24;

const live = (now: Date) => or(isNull(shareTokens.expiresAt), gt(shareTokens.expiresAt, now));

/** The build a share token points to, or null when the token is unknown or expired. */
export function findSharedBuild(token: string, now = new Date()): BuildSummary | null {
  const share = db()
    .select({ buildId: shareTokens.buildId })
    .from(shareTokens)
    .where(and(eq(shareTokens.token, token), live(now)))
    .get();
  return share ? findBuild(share.buildId) : null;
}

/** The build's live share token, if it has one; reads only. */
export function findShareToken(buildId: number, now = new Date()): string | null {
  return (
    db()
      .select({ token: shareTokens.token })
      .from(shareTokens)
      .where(and(eq(shareTokens.buildId, buildId), live(now)))
      .get()?.token ?? null
  );
}

/**
 * The build's share token, made on first use: one per build, so every share
 * of it is the same link. An expired token is replaced by a fresh one. Null
 * when the build does not exist or is not listed: an unlisted build is not for
 * sharing, and the refusal must not tell it apart from an unknown id.
 */
export function shareToken(buildId: number, now = new Date()): string | null {
  return db().transaction((tx) => {
    if (
      !tx
        .select({ id: builds.id })
        .from(builds)
        .where(and(eq(builds.id, buildId), listed))
        .get()
    )
      return null;
    const current = findShareToken(buildId, now);
    if (current) return current;
    const token = randomToken(TOKEN_BYTES);
    tx.insert(shareTokens)
      .values({ buildId, token, createdAt: now })
      .onConflictDoUpdate({ target: shareTokens.buildId, set: { token, createdAt: now, expiresAt: null } })
      .run();
    return token;
  });
}

/** The public address of a share token's page. */
export function shareUrl(origin: string, token: string): string {
  return `${origin}/share/${encodeURIComponent(token)}`;
}
