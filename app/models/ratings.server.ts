import { and, eq, gte, sql } from 'drizzle-orm';
import { builds, ratings } from '../../db/schema';
import { recountRatings } from './builds.server';
import { isDiscounted } from './counted-ratings.server';
import { requestLeaderboards } from './leaderboards.server';
import { notifyRatingMilestone } from './notifications.server';
import { recordRating } from './progression.server';
import { db, preparedOnce, type Writer } from '~/services/db.server';

/** A rating refused for a reason the member can act on; `message` is shown to them, `reason` lets callers answer in kind. */
export class RatingError extends Error {
  override name = 'RatingError';
  readonly reason: 'invalid' | 'not_found' | 'own_build';

  constructor(message: string, reason: RatingError['reason'] = 'invalid') {
    super(message);
    this.reason = reason;
  }
}

/**
 * Records a member's 1–5 star rating of a listed build; rating again changes it.
 * Members cannot rate their own builds. The build's total, count and average are
 * recomputed from the ratings in the same transaction, so they stay exact however
 * many members rate at once (SQLite runs write transactions one at a time),
 * progression counts it (decision 011), a new rating that reaches a milestone tells the
 * owner, and the leaderboards are asked to rank again soon. A discounted member's
 * rating is kept but counts for none of that. `network` is the rater's networkKey.
 */
export function rateBuild(
  { buildId, userId, rating, network = null }: { buildId: number; userId: number; rating: number; network?: string | null },
  now = new Date(),
): void {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new RatingError('Rating must be between 1 and 5 stars');
  db().transaction((tx) => {
    const build = tx.select({ ownerId: builds.userId, status: builds.reviewStatus }).from(builds).where(eq(builds.id, buildId)).get();
    if (!build || build.status !== 'approved') throw new RatingError('Build not found', 'not_found');
    if (build.ownerId === userId) throw new RatingError('You cannot rate your own build', 'own_build');
    const before = tx
      .select({ id: ratings.id })
      .from(ratings)
      .where(and(eq(ratings.buildId, buildId), eq(ratings.userId, userId)))
      .get();
    const saved = tx
      .insert(ratings)
      .values({ buildId, userId, rating, network, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [ratings.buildId, ratings.userId], set: { rating, network, updatedAt: now } })
      .returning({ id: ratings.id })
      .get();
    const counts = !isDiscounted(tx, userId);
    recountRatings(tx, [buildId]);
    recordRating(tx, { ratingId: saved.id, buildId, raterId: userId, isNew: !before, counts }, now);
    if (!before && counts) notifyRatingMilestone(tx, buildId, now);
    requestLeaderboards(tx, now.getTime());
  });
}

const ratingOfMember = preparedOnce((connection) =>
  connection
    .select({ rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.buildId, sql.placeholder('buildId')), eq(ratings.userId, sql.placeholder('userId'))))
    .prepare(),
);

/** The stars a member gave a build, or null. */
export function memberRating(buildId: number, userId: number): number | null {
  return ratingOfMember().get({ buildId, userId })?.rating ?? null;
}

/** Whether any rating was given or changed at or after `at`. */
export function ratedSince(reader: Writer, at: Date): boolean {
  return reader.select({ id: ratings.id }).from(ratings).where(gte(ratings.updatedAt, at)).limit(1).get() !== undefined;
}
