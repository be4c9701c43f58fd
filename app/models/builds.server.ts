import { and, desc, eq, lt, or } from 'drizzle-orm';
import { builds, tempUploads, users } from '../../db/schema';
import { db } from '~/services/db.server';

export type BuildSummary = {
  id: number;
  title: string;
  imageId: number;
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
  imageId: builds.imageId,
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

/**
 * The builds that come after `buildId` in the newest-first order: the next page
 * wherever new uploads have pushed the first one since (keyset paging).
 */
export function listBuildsAfter(buildId: number, limit: number): BuildSummary[] {
  const after = db().select({ createdAt: builds.createdAt }).from(builds).where(eq(builds.id, buildId)).get();
  if (!after) return [];
  return db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(or(lt(builds.createdAt, after.createdAt), and(eq(builds.createdAt, after.createdAt), lt(builds.id, buildId))))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .limit(limit)
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

/**
 * Publishes a build. A guest's pending upload, if given, is used up in the same
 * transaction, so it turns into a build only once: null when it was already used.
 */
export function createBuild(
  { userId, title, imageId, tempUploadId }: { userId: number; title: string; imageId: number; tempUploadId?: string },
  now = new Date(),
): number | null {
  return db().transaction((tx) => {
    if (tempUploadId && tx.delete(tempUploads).where(eq(tempUploads.id, tempUploadId)).run().changes === 0) return null;
    return tx.insert(builds).values({ userId, title, imageId, createdAt: now }).returning({ id: builds.id }).get().id;
  });
}

/** Everything the build page shows about one build, or null for an unknown id. */
export function findBuildDetail(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return (
    db()
      .select({ ...summaryColumns, totalRating: builds.totalRating, userId: builds.userId, avatarUrl: users.avatarUrl })
      .from(builds)
      .innerJoin(users, eq(users.id, builds.userId))
      .where(eq(builds.id, id))
      .get() ?? null
  );
}
