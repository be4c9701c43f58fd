import { desc, eq } from 'drizzle-orm';
import { buildPhotos, builds, users } from '../../db/schema';
import { db } from '~/services/db.server';

export type ReviewStatus = (typeof builds.$inferSelect)['reviewStatus'];

/** What screening measured of a photo, as staff read it; null when it was never screened. */
export type ScreeningSummary = { nsfw: number | null; faces: number | null } | null;

export type MemberPhoto = {
  kind: 'build' | 'extra';
  imageId: number;
  buildId: number;
  buildTitle: string;
  /** 0 for the main photo, 1 to 4 for an extra one. */
  position: number;
  /** Its alt text (domain/photo-alt.ts). */
  alt: string | null;
  reviewStatus: ReviewStatus;
  reviewReason: string | null;
  screening: ScreeningSummary;
  createdAt: Date;
};

function summary(screening: Record<string, unknown> | null): ScreeningSummary {
  if (!screening) return null;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return { nsfw: number(screening.nsfw), faces: number(screening.faces) };
}

/**
 * Every photo a member put up, for staff: each build's main photo and its extra
 * photos, listed or not (pending, held, rejected), newest first, with screening's
 * verdict and scores; and their avatar. Null for no such member.
 */
export function memberMedia(memberId: number): { avatarUrl: string; photos: MemberPhoto[] } | null {
  const member = db().select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, memberId)).get();
  if (!member) return null;
  const main = db()
    .select({
      imageId: builds.imageId,
      buildId: builds.id,
      buildTitle: builds.title,
      alt: builds.photoAlt,
      reviewStatus: builds.reviewStatus,
      reviewReason: builds.reviewReason,
      screening: builds.screening,
      createdAt: builds.createdAt,
    })
    .from(builds)
    .where(eq(builds.userId, memberId))
    .all()
    .map((row) => ({ ...row, kind: 'build' as const, position: 0, screening: summary(row.screening) }));
  const extra = db()
    .select({
      imageId: buildPhotos.imageId,
      buildId: builds.id,
      buildTitle: builds.title,
      position: buildPhotos.position,
      alt: buildPhotos.alt,
      reviewStatus: buildPhotos.reviewStatus,
      reviewReason: buildPhotos.reviewReason,
      screening: buildPhotos.screening,
      createdAt: buildPhotos.createdAt,
    })
    .from(buildPhotos)
    .innerJoin(builds, eq(builds.id, buildPhotos.buildId))
    .where(eq(builds.userId, memberId))
    .orderBy(desc(buildPhotos.createdAt))
    .all()
    .map((row) => ({ ...row, kind: 'extra' as const, screening: summary(row.screening) }));
  const photos = [...main, ...extra].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.imageId - a.imageId);
  return { avatarUrl: member.avatarUrl, photos };
}
