import { and, eq } from 'drizzle-orm';
import { builds, competitionEntries, ratings, users } from '../../db/schema';
import { contestOrder, contestSeed } from '~/domain/contest-order';
import { db } from '~/services/db.server';
import { listed } from './builds.server';

/** An entry as contest mode shows it: what it is and whose, never how it stands. */
export type ContestEntry = {
  buildId: number;
  title: string;
  username: string;
  userLevel: number;
  imageId: number;
  photoAlt: string | null;
  /** The viewer's own stars on it (null: not rated, or a guest). */
  myRating: number | null;
  /** The viewer's own entry: they cannot rate it. */
  mine: boolean;
};

/**
 * Contest mode: while a competition runs (until it closes) its entries of listed
 * builds are shown in an order shuffled for each visitor, the same for them all
 * UTC day (`visitor` names them: `member:ID`, or a guest's network), with no
 * score, vote count or rank, so nobody votes with the crowd or for what they saw
 * first. The viewer's own stars are theirs to see.
 */
export function contestEntries(competitionId: number, visitor: string, viewerId: number | null, now = new Date()): ContestEntry[] {
  const rows = db()
    .select({
      id: competitionEntries.buildId,
      title: builds.title,
      username: users.username,
      userLevel: users.level,
      imageId: builds.imageId,
      photoAlt: builds.photoAlt,
      ownerId: competitionEntries.userId,
      myRating: ratings.rating,
    })
    .from(competitionEntries)
    .innerJoin(builds, and(eq(builds.id, competitionEntries.buildId), listed))
    .innerJoin(users, eq(users.id, competitionEntries.userId))
    // A guest (no viewer) matches no rating: ids start at 1.
    .leftJoin(ratings, and(eq(ratings.buildId, competitionEntries.buildId), eq(ratings.userId, viewerId ?? 0)))
    .where(eq(competitionEntries.competitionId, competitionId))
    .all();
  return contestOrder(rows, contestSeed(visitor, competitionId, now)).map(({ id, ownerId, ...entry }) => ({
    ...entry,
    buildId: id,
    mine: viewerId !== null && ownerId === viewerId,
  }));
}

/** Whether a build stands in a competition (its entry, listed): what its page lets members rate in place. */
export function isContestEntry(competitionId: number, buildId: number): boolean {
  return (
    db()
      .select({ id: competitionEntries.id })
      .from(competitionEntries)
      .where(and(eq(competitionEntries.competitionId, competitionId), eq(competitionEntries.buildId, buildId)))
      .get() !== undefined
  );
}
