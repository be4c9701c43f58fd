import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { ratingDiscounts } from '../../db/schema';
import type { Writer } from '~/services/db.server';

/**
 * The one rule for which ratings count: every rating stays in `ratings`, but those of a
 * member whose ratings staff discounted (vote integrity) count towards no score or
 * standing — build totals, leaderboards, competitions, trending, reputation, milestones.
 * `raterId` is the rating row's user_id as the query names it (`ratings.userId`, or
 * sql`r.user_id` under an alias). A primary-key lookup per rating, so it costs little
 * inside any scan of ratings.
 */
export function ratingCounts(raterId: AnyColumn | SQL): SQL {
  return sql`not exists (select 1 from ${ratingDiscounts} where ${ratingDiscounts.userId} = ${raterId})`;
}

/** Whether staff discounted this member's ratings. */
export function isDiscounted(reader: Pick<Writer, 'select'>, userId: number): boolean {
  return (
    reader.select({ userId: ratingDiscounts.userId }).from(ratingDiscounts).where(eq(ratingDiscounts.userId, userId)).get() !== undefined
  );
}
