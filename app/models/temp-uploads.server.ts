import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { tempUploadPhotos, tempUploads } from '../../db/schema';
import type { BuildTag } from '~/domain/build-tags';
import { DEFAULT_ROAST_INTENSITY, type RoastIntensity } from '~/domain/roast-intensity';
import { randomToken } from '~/services/crypto.server';
import { db, type Writer } from '~/services/db.server';
import { DAY_MS } from '~/utils/dates';

/** How long a guest's photo waits for them to sign in. */
export const TEMP_UPLOAD_TTL_MS = DAY_MS;

/** What a guest sent with their photo: kept through sign-in, so the build gets it all. */
export type TempUploadDetails = {
  title: string;
  roastIntensity: RoastIntensity;
  description: string | null;
  tags: BuildTag[];
  extraImageIds: number[];
};

export type TempUpload = { id: string; imageId: number; expiresAt: Date } & TempUploadDetails;

const NO_DETAILS: TempUploadDetails = {
  title: '',
  roastIntensity: DEFAULT_ROAST_INTENSITY,
  description: null,
  tags: [],
  extraImageIds: [],
};

/**
 * Keeps a guest's processed image (and what they wrote with it, and their further
 * photos) until they sign in and finish; null when the client's token is already taken.
 */
export function createTempUpload(
  { imageId, clientToken = randomToken(), ...details }: { imageId: number; clientToken?: string } & Partial<TempUploadDetails>,
  now = Date.now(),
): TempUpload | null {
  const id = randomToken(18);
  const kept = { ...NO_DETAILS, ...details };
  return db().transaction((tx) => {
    const { changes } = tx
      .insert(tempUploads)
      .values({
        id,
        clientToken,
        imageId,
        title: kept.title,
        roastIntensity: kept.roastIntensity,
        description: kept.description,
        tags: kept.tags,
        expiresAt: new Date(now + TEMP_UPLOAD_TTL_MS),
        createdAt: new Date(now),
      })
      .onConflictDoNothing({ target: tempUploads.clientToken })
      .run();
    if (changes !== 1) return null;
    keepExtraPhotos(tx, id, kept.extraImageIds);
    return { id, imageId, expiresAt: new Date(now + TEMP_UPLOAD_TTL_MS), ...kept };
  });
}

/** A pending upload that has not expired yet, with its further photos in order; reads only. */
export function findTempUpload(id: string, now = Date.now()): TempUpload | null {
  const row = db()
    .select({
      id: tempUploads.id,
      imageId: tempUploads.imageId,
      title: tempUploads.title,
      roastIntensity: tempUploads.roastIntensity,
      description: tempUploads.description,
      tags: tempUploads.tags,
      expiresAt: tempUploads.expiresAt,
    })
    .from(tempUploads)
    .where(eq(tempUploads.id, id))
    .get();
  if (!row || row.expiresAt.getTime() <= now) return null;
  const extraImageIds = db()
    .select({ imageId: tempUploadPhotos.imageId })
    .from(tempUploadPhotos)
    .where(eq(tempUploadPhotos.tempUploadId, id))
    .orderBy(asc(tempUploadPhotos.position))
    .all()
    .map((photo) => photo.imageId);
  return { ...row, extraImageIds };
}

/** Replaces a waiting upload's further photos, in order (the form takes at most four). */
function keepExtraPhotos(tx: Writer, id: string, imageIds: number[]): void {
  tx.delete(tempUploadPhotos).where(eq(tempUploadPhotos.tempUploadId, id)).run();
  if (imageIds.length > 0)
    tx.insert(tempUploadPhotos)
      .values(imageIds.map((imageId, index) => ({ tempUploadId: id, imageId, position: index + 1 })))
      .run();
}

/**
 * The id of the unexpired upload sent with `clientToken`, or null: not arrived
 * yet, expired, or already turned into a build. Reads only.
 */
export function findTempUploadId(clientToken: string, now = Date.now()): string | null {
  return (
    db()
      .select({ id: tempUploads.id })
      .from(tempUploads)
      .where(and(eq(tempUploads.clientToken, clientToken), gt(tempUploads.expiresAt, new Date(now))))
      .get()?.id ?? null
  );
}

/** Deletes uploads nobody came back for (housekeeping); their images go with unused-image cleanup. */
export function pruneTempUploads(now = Date.now()): number {
  return db()
    .delete(tempUploads)
    .where(lt(tempUploads.expiresAt, new Date(now)))
    .run().changes;
}

/**
 * Sets what a guest sent with their waiting upload: its title, roast intensity,
 * description, tags and further photos (these replace any kept before).
 */
export function setTempUploadDetails(id: string, { extraImageIds, ...details }: TempUploadDetails): void {
  db().transaction((tx) => {
    tx.update(tempUploads).set(details).where(eq(tempUploads.id, id)).run();
    keepExtraPhotos(tx, id, extraImageIds);
  });
}
