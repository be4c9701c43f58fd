import { and, asc, eq, inArray } from 'drizzle-orm';
import { buildPhotos, builds } from '../../db/schema';
import { MAX_EXTRA_PHOTOS, type ReviewStatus } from '~/domain/builds';
import { photoAlt } from '~/domain/photo-alt';
import { HELD_WHILE_SUSPENDED } from '~/domain/member-moderation';
import { imageSources, largestVariantUrl } from '~/images/records.server';
import { deleteImagesIfUnused, settleImageFiles } from '~/images/storage.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { describePhotoJob, screenPhotoJob } from '~/queue/job-types';
import type { ScreeningVerdict } from '~/roast/screening/verdict';
import { db, type Writer } from '~/services/db.server';
import { suspensionOf } from './member-moderation.server';
import { env } from '~/services/env.server';

export type BuildPhoto = {
  id: number;
  imageId: number;
  position: number;
  reviewStatus: ReviewStatus;
  reviewReason: string | null;
  /** Its alt text (domain/photo-alt.ts): null until drafted, '' when no draft could be made. */
  alt: string | null;
};

const photoColumns = {
  id: buildPhotos.id,
  imageId: buildPhotos.imageId,
  position: buildPhotos.position,
  reviewStatus: buildPhotos.reviewStatus,
  reviewReason: buildPhotos.reviewReason,
  alt: buildPhotos.alt,
};

/** A build's extra photos in order: every one for its owner and moderators, else only those screening approved. */
export function listBuildPhotos(buildId: number, { approvedOnly }: { approvedOnly: boolean }): BuildPhoto[] {
  return db()
    .select(photoColumns)
    .from(buildPhotos)
    .where(and(eq(buildPhotos.buildId, buildId), approvedOnly ? eq(buildPhotos.reviewStatus, 'approved') : undefined))
    .orderBy(asc(buildPhotos.position))
    .all();
}

/**
 * The photos a build's page shows, in order: the main one and the extra ones
 * screening approved (never one held or waiting, whoever looks), each with what
 * a page needs to show it, its largest JPEG and its alt text.
 */
export function galleryPhotos(build: { id: number; imageId: number; title: string; photoAlt: string | null }) {
  const extra = listBuildPhotos(build.id, { approvedOnly: true });
  const shown = [{ imageId: build.imageId, alt: build.photoAlt }, ...extra];
  const sources = imageSources(shown.map((photo) => photo.imageId));
  return shown.flatMap(({ imageId, alt }, index) => {
    const image = sources.get(imageId);
    return image ? [{ image, fullSize: largestVariantUrl(imageId), alt: photoAlt(alt, build.title, index) }] : [];
  });
}

/** Every image these builds use, main and extra: what must be let go when they are deleted. */
export function imagesOfBuilds(reader: Writer, buildIds: number[]): number[] {
  if (buildIds.length === 0) return [];
  const main = reader.select({ imageId: builds.imageId }).from(builds).where(inArray(builds.id, buildIds)).all();
  const extra = reader.select({ imageId: buildPhotos.imageId }).from(buildPhotos).where(inArray(buildPhotos.buildId, buildIds)).all();
  return [...new Set([...main, ...extra].map((row) => row.imageId))];
}

export type AddPhotoResult = { ok: true; photo: BuildPhoto } | { ok: false; reason: 'not_found' | 'not_owner' | 'too_many' | 'duplicate' };

/**
 * Adds an uploaded image to the owner's build in its first free place (1…4); see addPhotoIn.
 * Its files are settled before this resolves.
 */
export async function addBuildPhoto(buildId: number, userId: number, imageId: number, now = new Date()): Promise<AddPhotoResult> {
  const result = db().transaction((tx): AddPhotoResult => {
    const build = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
    if (!build) return { ok: false, reason: 'not_found' };
    if (build.userId !== userId) return { ok: false, reason: 'not_owner' };
    return addPhotoIn(tx, buildId, imageId, now);
  });
  if (result.ok) await settleImageFiles([imageId]);
  return result;
}

/**
 * Adds an image to a build in its first free place (1…4), in `tx`: the edit page's
 * and the upload's one way. It is screened like a main photo before anyone else sees
 * it: the screening job is queued in the same transaction (with screening off it is
 * approved at once). The caller settles the image's files once `tx` is committed.
 */
export function addPhotoIn(tx: Writer, buildId: number, imageId: number, now: Date): AddPhotoResult {
  const screening = env().SCREENING !== 'off';
  const build = tx.select({ imageId: builds.imageId }).from(builds).where(eq(builds.id, buildId)).get();
  if (!build) return { ok: false, reason: 'not_found' };
  const taken = tx.select(photoColumns).from(buildPhotos).where(eq(buildPhotos.buildId, buildId)).all();
  // The same picture twice is one photo: the upload pipeline answers the same image for the same bytes.
  if (build.imageId === imageId || taken.some((photo) => photo.imageId === imageId)) return { ok: false, reason: 'duplicate' };
  const position = [1, 2, 3, 4].slice(0, MAX_EXTRA_PHOTOS).find((slot) => !taken.some((photo) => photo.position === slot));
  if (position === undefined) return { ok: false, reason: 'too_many' };
  const photo = tx
    .insert(buildPhotos)
    .values({ buildId, imageId, position, reviewStatus: screening ? 'pending' : 'approved', createdAt: now })
    .returning(photoColumns)
    .get();
  if (screening) enqueueJob(tx, screenPhotoJob(photo.id), now);
  enqueueJob(tx, describePhotoJob({ photoId: photo.id }), now);
  return { ok: true, photo };
}

/** The owner removes an extra photo; its image goes once nothing else uses it. */
export async function removeBuildPhoto(
  buildId: number,
  userId: number,
  photoId: number,
): Promise<{ ok: true } | { ok: false; reason: 'not_found' | 'not_owner' }> {
  const result = db().transaction((tx) => {
    const build = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
    if (!build) return { ok: false, reason: 'not_found' } as const;
    if (build.userId !== userId) return { ok: false, reason: 'not_owner' } as const;
    const removed = tx
      .delete(buildPhotos)
      .where(and(eq(buildPhotos.id, photoId), eq(buildPhotos.buildId, buildId)))
      .returning({ imageId: buildPhotos.imageId })
      .get();
    return removed ? ({ ok: true, imageId: removed.imageId } as const) : ({ ok: false, reason: 'not_found' } as const);
  });
  if (!result.ok) return result;
  await deleteImagesIfUnused([result.imageId]);
  return { ok: true };
}

/** What the photo-screening job needs: the photo's image, and whether it still waits. */
export function photoForScreening(photoId: number) {
  return (
    db()
      .select({ id: buildPhotos.id, imageId: buildPhotos.imageId, reviewStatus: buildPhotos.reviewStatus })
      .from(buildPhotos)
      .where(eq(buildPhotos.id, photoId))
      .get() ?? null
  );
}

/**
 * Screening's decision on a waiting extra photo, answered as saved: approved it shows,
 * held it waits for a moderator (as one approved does while its owner is suspended),
 * rejected it is gone.
 */
export function savePhotoScreening(
  tx: Writer,
  photoId: number,
  screened: ScreeningVerdict,
  scores: Record<string, unknown> | null,
  now = new Date(),
): ScreeningVerdict {
  const owner = tx
    .select({ userId: builds.userId })
    .from(buildPhotos)
    .innerJoin(builds, eq(builds.id, buildPhotos.buildId))
    .where(eq(buildPhotos.id, photoId))
    .get();
  const verdict: ScreeningVerdict =
    screened.outcome === 'approved' && owner && suspensionOf(tx, owner.userId, now)
      ? { outcome: 'held', reason: HELD_WHILE_SUSPENDED }
      : screened;
  tx.update(buildPhotos)
    .set({ reviewStatus: verdict.outcome, reviewReason: verdict.reason, screening: scores })
    .where(and(eq(buildPhotos.id, photoId), eq(buildPhotos.reviewStatus, 'pending')))
    .run();
  return verdict;
}

/** Screening could not run on an extra photo: a moderator decides. */
export function holdPhotoForReview(tx: Writer, photoId: number, reason: string): void {
  tx.update(buildPhotos).set({ reviewStatus: 'held', reviewReason: reason }).where(eq(buildPhotos.id, photoId)).run();
}

/** Lists an extra photo without screening (our own seeded pictures), then publishes its files. */
export async function approveBuildPhoto(photoId: number): Promise<void> {
  const photo = db()
    .update(buildPhotos)
    .set({ reviewStatus: 'approved', reviewReason: null })
    .where(eq(buildPhotos.id, photoId))
    .returning({ imageId: buildPhotos.imageId })
    .get();
  if (photo) await settleImageFiles([photo.imageId]);
}
