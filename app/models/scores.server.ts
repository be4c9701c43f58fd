import { inArray } from 'drizzle-orm';
import { builds } from '../../db/schema';
import { recountRatings } from './builds.server';
import { requestLeaderboards } from './leaderboards.server';
import { recountReputation } from './progression.server';
import type { Writer } from '~/services/db.server';

/**
 * Recomputes every score that counts these builds' ratings, after ratings went away
 * or stopped counting other than one by one (a deleted member's, a discounted one's);
 * call it in that transaction. Stored: each build's stars, votes, average and trending
 * heat, and its owner's reputation, recounted here; the leaderboards' standings, ranked
 * again by their job soon. Read from the ratings at each request, so already right: the
 * running competitions' standings. A closed competition's placements never change.
 */
export function recomputeScores(writer: Writer, buildIds: number[], now = Date.now()): void {
  if (buildIds.length === 0) return;
  recountRatings(writer, buildIds);
  const owners = writer.select({ userId: builds.userId }).from(builds).where(inArray(builds.id, buildIds)).all();
  recountReputation(writer, [...new Set(owners.map((owner) => owner.userId))]);
  requestLeaderboards(writer, now);
}
