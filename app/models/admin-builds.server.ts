import { count, desc, eq, or } from 'drizzle-orm';
import { builds, users } from '../../db/schema';
import { likeContains } from './admin-members.server';
import { type Actor, recordAudit } from './audit.server';
import type { ReviewStatus } from '~/domain/builds';
import { deleteImagesIfUnused } from '~/images/storage.server';
import { imagesOfBuilds } from './build-photos.server';
import { requestLeaderboards } from './leaderboards.server';
import type { Viewer } from '~/domain/permissions';
import { db } from '~/services/db.server';

export type AdminBuildRow = {
  id: number;
  title: string;
  username: string;
  imageId: number;
  photoAlt: string | null;
  averageRating: number;
  ratingCount: number;
  reviewStatus: ReviewStatus;
  createdAt: Date;
};

/** A page of every build (listed or not), newest first, whose title or maker's name contains `q`. */
export function listBuildsForAdmin({ q, limit, offset }: { q: string; limit: number; offset: number }): {
  rows: AdminBuildRow[];
  total: number;
} {
  const where = q ? or(likeContains(builds.title, q), likeContains(users.username, q)) : undefined;
  const rows = db()
    .select({
      id: builds.id,
      title: builds.title,
      username: users.username,
      imageId: builds.imageId,
      photoAlt: builds.photoAlt,
      averageRating: builds.averageRating,
      ratingCount: builds.ratingCount,
      reviewStatus: builds.reviewStatus,
      createdAt: builds.createdAt,
    })
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(where)
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db().select({ total: count() }).from(builds).innerJoin(users, eq(users.id, builds.userId)).where(where).get()?.total ?? 0;
  return { rows, total };
}

export function findBuildForAdmin(id: number): { id: number; title: string; username: string } | null {
  return (
    db()
      .select({ id: builds.id, title: builds.title, username: users.username })
      .from(builds)
      .innerJoin(users, eq(users.id, builds.userId))
      .where(eq(builds.id, id))
      .get() ?? null
  );
}

export type DeleteBuildResult = { ok: true; title: string } | { ok: false; reason: 'not_found' | 'forbidden' };

/**
 * Deletes any build, for admins (docs/product.md §6): its ratings, comments, share link and
 * standings go with it, the boards are ranked again, and its photo is removed
 * unless another build or upload uses the same file.
 */
export async function deleteBuildAsAdmin(actor: Viewer & Actor, buildId: number, now = new Date()): Promise<DeleteBuildResult> {
  if (!actor.isAdmin) return { ok: false, reason: 'forbidden' };
  const deleted = db().transaction((tx) => {
    const build = tx.select({ title: builds.title }).from(builds).where(eq(builds.id, buildId)).get();
    if (!build) return null;
    const imageIds = imagesOfBuilds(tx, [buildId]);
    tx.delete(builds).where(eq(builds.id, buildId)).run();
    requestLeaderboards(tx, now.getTime());
    recordAudit(tx, actor, { action: 'delete-build', targetType: 'build', targetId: buildId, targetLabel: build.title }, now);
    return { ...build, imageIds };
  });
  if (!deleted) return { ok: false, reason: 'not_found' };
  await deleteImagesIfUnused(deleted.imageIds);
  return { ok: true, title: deleted.title };
}
