import { count, desc, eq, inArray } from 'drizzle-orm';
import { ratingDiscounts, ratings, users } from '../../db/schema';
import { type Actor, recordAudit } from './audit.server';
import { requestBattleRefit } from './battles.server';
import { isDiscounted } from './counted-ratings.server';
import { recomputeScores } from './scores.server';
import { targetOf } from './staff-targets.server';
import { STAFF_RULE_REFUSAL } from '~/domain/member-moderation';
import { isStaff, type Viewer } from '~/domain/permissions';
import { DISCOUNT_REASON_MAX } from '~/domain/vote-integrity';
import { db, type Writer } from '~/services/db.server';

export type DiscountResult =
  | { ok: true; label: string }
  | { ok: false; reason: 'forbidden' | 'not_found' | 'own_account' | 'no_reason' | 'reason_too_long' | 'already' | 'not_discounted' };

/**
 * Staff take a member's ratings out of every score (or put them back), on a member the
 * staff rule lets them act on (targetOf: a moderator not on an admin, another moderator
 * or a juror of a competition that has not closed, whose stars decide its jury prize).
 * The rows stay; the rule in counted-ratings.server.ts reads the discount. The stored
 * aggregates (the rated builds' totals, their owners' reputation) are recounted in the
 * same transaction, the leaderboards are asked to rank again (and the battle strengths to be
 * fitted again without or with the member's battle votes), and the audit log says
 * who and why. Experience and achievements already earned stay: the award ledger does not
 * keep, past two days, which rating earned what (decision 011).
 */
export function setRatingDiscount(
  actor: Viewer & Actor,
  memberId: number,
  change: { discount: boolean; reason: string },
  now = new Date(),
): DiscountResult {
  if (!isStaff(actor)) return { ok: false, reason: 'forbidden' };
  const reason = change.reason.trim();
  if (!reason) return { ok: false, reason: 'no_reason' };
  if (reason.length > DISCOUNT_REASON_MAX) return { ok: false, reason: 'reason_too_long' };
  if (memberId === actor.id) return { ok: false, reason: 'own_account' };
  return db().transaction((tx): DiscountResult => {
    const target = targetOf(tx, actor, memberId);
    if (!target.ok) return target;
    const { member } = target;
    const discounted = isDiscounted(tx, memberId);
    if (change.discount && discounted) return { ok: false, reason: 'already' };
    if (!change.discount && !discounted) return { ok: false, reason: 'not_discounted' };
    if (change.discount) {
      tx.insert(ratingDiscounts).values({ userId: memberId, reason, byId: actor.id, byName: actor.username, createdAt: now }).run();
    } else {
      tx.delete(ratingDiscounts).where(eq(ratingDiscounts.userId, memberId)).run();
    }
    recountRatedBy(tx, memberId, now);
    requestBattleRefit(tx, now.getTime());
    recordAudit(
      tx,
      actor,
      {
        action: change.discount ? 'discount-ratings' : 'restore-ratings',
        targetType: 'user',
        targetId: memberId,
        targetLabel: member.username,
        details: reason,
      },
      now,
    );
    return { ok: true, label: member.username };
  });
}

/** Recounts what a member's ratings feed: the builds they rated and those builds' owners. */
function recountRatedBy(tx: Writer, memberId: number, now: Date): void {
  const rated = tx.select({ buildId: ratings.buildId }).from(ratings).where(eq(ratings.userId, memberId)).all();
  recomputeScores(
    tx,
    rated.map((row) => row.buildId),
    now.getTime(),
  );
}

export type RatingDiscount = { userId: number; username: string; reason: string; byName: string; createdAt: Date; ratings: number };

/** Every discounted member, newest discount first, with how many ratings they gave. */
export function listRatingDiscounts(): RatingDiscount[] {
  const rows = db()
    .select({
      userId: ratingDiscounts.userId,
      username: users.username,
      reason: ratingDiscounts.reason,
      byName: ratingDiscounts.byName,
      createdAt: ratingDiscounts.createdAt,
    })
    .from(ratingDiscounts)
    .innerJoin(users, eq(users.id, ratingDiscounts.userId))
    .orderBy(desc(ratingDiscounts.createdAt), desc(ratingDiscounts.userId))
    .all();
  const counts = ratingCountsOf(rows.map((row) => row.userId));
  return rows.map((row) => ({ ...row, ratings: counts.get(row.userId) ?? 0 }));
}

function ratingCountsOf(userIds: number[]): Map<number, number> {
  if (userIds.length === 0) return new Map();
  const rows = db()
    .select({ userId: ratings.userId, ratings: count() })
    .from(ratings)
    .where(inArray(ratings.userId, userIds))
    .groupBy(ratings.userId)
    .all();
  return new Map(rows.map((row) => [row.userId, row.ratings]));
}

/** What staff are told when a discount or restore is refused. */
export const DISCOUNT_REFUSALS: Record<Extract<DiscountResult, { ok: false }>['reason'], string> = {
  forbidden: STAFF_RULE_REFUSAL,
  not_found: 'This member does not exist.',
  own_account: 'You cannot discount your own ratings.',
  no_reason: 'Say why: the reason goes in the audit log.',
  reason_too_long: `Keep the reason under ${DISCOUNT_REASON_MAX} characters.`,
  already: 'Their ratings are already discounted.',
  not_discounted: 'Their ratings are not discounted.',
};
