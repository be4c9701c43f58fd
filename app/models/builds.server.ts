import { desc, eq } from 'drizzle-orm';
import { builds, users } from '../../db/schema';
import { db } from '~/services/db.server';

export type BuildSummary = {
  id: number;
  title: string;
  username: string;
  roast: string;
  averageRating: number;
  ratingCount: number;
  commentCount: number;
  createdAt: Date;
};

const summaryColumns = {
  id: builds.id,
  title: builds.title,
  username: users.username,
  roast: builds.roast,
  averageRating: builds.averageRating,
  ratingCount: builds.ratingCount,
  commentCount: builds.commentCount,
  createdAt: builds.createdAt,
};

/** The newest builds first. */
export function listRecentBuilds(limit: number, offset = 0): BuildSummary[] {
  return db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .limit(limit)
    .offset(offset)
    .all();
}

/** One build, or null when there is no build with that id. */
export function findBuild(id: number): BuildSummary | null {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return (
    db()
      .select(summaryColumns)
      .from(builds)
      .innerJoin(users, eq(users.id, builds.userId))
      .where(eq(builds.id, id))
      .get() ?? null
  );
}

/** A member's own builds, newest first, for their profile. */
export function listUserBuilds(userId: number): BuildSummary[] {
  return db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(eq(builds.userId, userId))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .all();
}

/** Profile stats (spec §2): build count, the mean of the builds' averages, and their comments. */
export function buildStats(list: Pick<BuildSummary, 'averageRating' | 'commentCount'>[]) {
  const totalBuilds = list.length;
  const averageRating = totalBuilds ? list.reduce((sum, build) => sum + build.averageRating, 0) / totalBuilds : 0;
  const totalComments = list.reduce((sum, build) => sum + build.commentCount, 0);
  return { totalBuilds, averageRating, totalComments };
}
