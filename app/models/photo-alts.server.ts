import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { buildPhotos, builds, images } from '../../db/schema';
import type { AltAuthor } from '~/domain/photo-alt';
import { activeJobPayloads, enqueueJob } from '~/queue/enqueue.server';
import { DESCRIBE_PHOTO_JOB, describePhotoJob, type PhotoRef } from '~/queue/job-types';
import { db, type Writer } from '~/services/db.server';

/*
 * The alt text of a build's photos (domain/photo-alt.ts): the main photo's in
 * builds.photo_alt, an extra photo's in build_photos.alt, each with who wrote it. The
 * describe job drafts it once per photo, and once more for a built-in stand-in when the
 * model answers again; the owner changes it whenever they like, and a draft never
 * overwrites anything but a stand-in.
 */

/** What the describe job needs of a photo: its image, its size as uploaded, and its alt text so far and who wrote it. */
export function photoToDescribe(
  ref: PhotoRef,
): { imageId: number; alt: string | null; by: AltAuthor | null; size: { width: number; height: number } } | null {
  const size = { width: images.width, height: images.height };
  const row =
    'buildId' in ref
      ? db()
          .select({ imageId: builds.imageId, alt: builds.photoAlt, by: builds.photoAltBy, size, reviewStatus: builds.reviewStatus })
          .from(builds)
          .innerJoin(images, eq(images.id, builds.imageId))
          .where(eq(builds.id, ref.buildId))
          .get()
      : db()
          .select({
            imageId: buildPhotos.imageId,
            alt: buildPhotos.alt,
            by: buildPhotos.altBy,
            size,
            reviewStatus: buildPhotos.reviewStatus,
          })
          .from(buildPhotos)
          .innerJoin(images, eq(images.id, buildPhotos.imageId))
          .where(eq(buildPhotos.id, ref.photoId))
          .get();
  // A rejected photo's files are deleted: there is nothing to describe.
  if (!row || row.reviewStatus === 'rejected') return null;
  return { imageId: row.imageId, alt: row.alt, by: row.by, size: row.size };
}

/**
 * Saves a drafted alt text ('' when none could be made) where the photo has none yet,
 * or where a built-in stand-in waits for the model (which a stand-in never replaces);
 * true when saved.
 */
export function saveAltDraft(tx: Writer, ref: PhotoRef, draft: string, by: Exclude<AltAuthor, 'owner'>): boolean {
  const changed =
    'buildId' in ref
      ? tx
          .update(builds)
          .set({ photoAlt: draft, photoAltBy: by })
          .where(
            and(eq(builds.id, ref.buildId), by === 'stand_in' ? isNull(builds.photoAlt) : draftable(builds.photoAlt, builds.photoAltBy)),
          )
          .run()
      : tx
          .update(buildPhotos)
          .set({ alt: draft, altBy: by })
          .where(
            and(
              eq(buildPhotos.id, ref.photoId),
              by === 'stand_in' ? isNull(buildPhotos.alt) : draftable(buildPhotos.alt, buildPhotos.altBy),
            ),
          )
          .run();
  return changed.changes > 0;
}

/** A photo a draft may fill: none yet, or a built-in stand-in for the model. */
function draftable(alt: typeof builds.photoAlt | typeof buildPhotos.alt, by: typeof builds.photoAltBy | typeof buildPhotos.altBy) {
  return or(isNull(alt), eq(by, 'stand_in'));
}

export type SetPhotoAltResult = { ok: true } | { ok: false; reason: 'not_found' | 'not_owner' };

/** The owner's alt text for their build's main photo ('main') or one of its extra photos (its id). */
export function setPhotoAlt(buildId: number, userId: number, photo: 'main' | number, alt: string): SetPhotoAltResult {
  return db().transaction((tx): SetPhotoAltResult => {
    const build = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
    if (!build) return { ok: false, reason: 'not_found' };
    if (build.userId !== userId) return { ok: false, reason: 'not_owner' };
    const changed =
      photo === 'main'
        ? tx.update(builds).set({ photoAlt: alt, photoAltBy: 'owner' }).where(eq(builds.id, buildId)).run()
        : tx
            .update(buildPhotos)
            .set({ alt, altBy: 'owner' })
            .where(and(eq(buildPhotos.id, photo), eq(buildPhotos.buildId, buildId)))
            .run();
    return changed.changes > 0 ? { ok: true } : { ok: false, reason: 'not_found' };
  });
}

/**
 * Queues the describe job for up to `limit` photos that have no alt text, main photos
 * first, oldest first, while none is queued or running: photos from before alt text
 * existed get theirs a few at a time, never ahead of many new uploads. With
 * `modelReady`, built-in stand-ins for the model are queued too, for its description.
 * How many were queued; null when describe jobs were still on their way.
 */
export function queueMissingAltDrafts(tx: Writer, limit: number, { modelReady = false } = {}, now = new Date()): number | null {
  // The same connection: this reads inside `tx`.
  if (activeJobPayloads(DESCRIBE_PHOTO_JOB).length > 0) return null;
  const main = tx
    .select({ buildId: builds.id })
    .from(builds)
    .where(and(wanting(builds.photoAlt, builds.photoAltBy, modelReady), ne(builds.reviewStatus, 'rejected')))
    .orderBy(asc(builds.id))
    .limit(limit)
    .all();
  const extra = tx
    .select({ photoId: buildPhotos.id })
    .from(buildPhotos)
    .where(and(wanting(buildPhotos.alt, buildPhotos.altBy, modelReady), ne(buildPhotos.reviewStatus, 'rejected')))
    .orderBy(asc(buildPhotos.id))
    .limit(limit - main.length)
    .all();
  return [...main, ...extra].filter((ref) => enqueueJob(tx, describePhotoJob(ref), now)).length;
}

function wanting(
  alt: typeof builds.photoAlt | typeof buildPhotos.alt,
  by: typeof builds.photoAltBy | typeof buildPhotos.altBy,
  modelReady: boolean,
) {
  return modelReady ? draftable(alt, by) : isNull(alt);
}
