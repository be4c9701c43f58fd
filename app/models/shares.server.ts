import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { shareTokens } from '../../db/schema';
import { db } from '~/services/db.server';
import { type BuildSummary, findBuild } from './builds.server';

/** The build a share token points to, or null when the token is unknown or expired. */
export function findSharedBuild(token: string, now = new Date()): BuildSummary | null {
  const share = db()
    .select({ buildId: shareTokens.buildId })
    .from(shareTokens)
    .where(and(eq(shareTokens.token, token), or(isNull(shareTokens.expiresAt), gt(shareTokens.expiresAt, now))))
    .get();
  return share ? findBuild(share.buildId) : null;
}
