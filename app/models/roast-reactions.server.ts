import { and, count, eq } from 'drizzle-orm';
import { builds, roastReactions } from '../../db/schema';
import { db } from '~/services/db.server';
import { isListed } from './builds.server';
import { ROAST_REACTIONS, type RoastReaction, type RoastReactions } from '~/domain/roast-reactions';

/**
 * A member's 🔥 (landed) or 🥱 (missed) on a build's current roast: one per member
 * and roast, and reacting again changes it. A fresh roast starts from zero; the
 * old roast's reactions stay to credit its lines.
 */
export function reactToRoast(
  input: { buildId: number; userId: number; reaction: RoastReaction },
  now = new Date(),
): { ok: true } | { ok: false; reason: 'not_found' | 'not_listed' | 'not_roasted' } {
  return db().transaction((tx) => {
    const build = tx
      .select({ reviewStatus: builds.reviewStatus, roast: builds.roast, roastedAt: builds.roastedAt })
      .from(builds)
      .where(eq(builds.id, input.buildId))
      .get();
    if (!build) return { ok: false, reason: 'not_found' };
    if (!isListed(build)) return { ok: false, reason: 'not_listed' };
    if (!build.roast || !build.roastedAt) return { ok: false, reason: 'not_roasted' };
    tx.insert(roastReactions)
      .values({ buildId: input.buildId, roastedAt: build.roastedAt, userId: input.userId, reaction: input.reaction, updatedAt: now })
      .onConflictDoUpdate({
        target: [roastReactions.buildId, roastReactions.roastedAt, roastReactions.userId],
        set: { reaction: input.reaction, updatedAt: now },
      })
      .run();
    return { ok: true };
  });
}

/** The counts for a build's current roast (`roastedAt`), and the viewer's own reaction. */
export function roastReactionsOf(buildId: number, roastedAt: Date, viewerId: number | null): RoastReactions {
  const ofThisRoast = and(eq(roastReactions.buildId, buildId), eq(roastReactions.roastedAt, roastedAt));
  const counts = db()
    .select({ reaction: roastReactions.reaction, count: count() })
    .from(roastReactions)
    .where(ofThisRoast)
    .groupBy(roastReactions.reaction)
    .all();
  const mine =
    viewerId === null
      ? null
      : (db()
          .select({ reaction: roastReactions.reaction })
          .from(roastReactions)
          .where(and(ofThisRoast, eq(roastReactions.userId, viewerId)))
          .get()?.reaction ?? null);
  const of = (reaction: RoastReaction) => counts.find((row) => row.reaction === reaction)?.count ?? 0;
  return { landed: of('landed'), missed: of('missed'), mine };
}

export function isRoastReaction(value: unknown): value is RoastReaction {
  return ROAST_REACTIONS.includes(value as RoastReaction);
}
