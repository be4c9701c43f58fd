import { and, eq, gt, lt } from 'drizzle-orm';
import { tempUploads } from '../../db/schema';
import { randomToken } from '~/services/crypto.server';
import { db } from '~/services/db.server';
import { DEFAULT_ROAST_INTENSITY, type RoastIntensity } from '~/domain/roast-intensity';

/** How long a guest's photo waits for them to sign in. */
export const TEMP_UPLOAD_TTL_MS = 24 * 3600_000;

export type TempUpload = { id: string; imageId: number; title: string; roastIntensity: RoastIntensity };

/**
 * Keeps a guest's processed image (and title) until they sign in and finish;
 * null when the client's token is already taken.
 */
export function createTempUpload(
  {
    imageId,
    title,
    clientToken = randomToken(),
    roastIntensity = DEFAULT_ROAST_INTENSITY,
  }: { imageId: number; title: string; clientToken?: string; roastIntensity?: RoastIntensity },
  now = Date.now(),
): TempUpload | null {
  const id = randomToken(18);
  const { changes } = db()
    .insert(tempUploads)
    .values({ id, clientToken, imageId, title, roastIntensity, expiresAt: new Date(now + TEMP_UPLOAD_TTL_MS), createdAt: new Date(now) })
    .onConflictDoNothing({ target: tempUploads.clientToken })
    .run();
  return changes === 1 ? { id, imageId, title, roastIntensity } : null;
}

/** A pending upload that has not expired yet; reads only. */
export function findTempUpload(id: string, now = Date.now()): TempUpload | null {
  const row = db()
    .select({
      id: tempUploads.id,
      imageId: tempUploads.imageId,
      title: tempUploads.title,
      roastIntensity: tempUploads.roastIntensity,
      expiresAt: tempUploads.expiresAt,
    })
    .from(tempUploads)
    .where(eq(tempUploads.id, id))
    .get();
  if (!row || row.expiresAt.getTime() <= now) return null;
  return { id: row.id, imageId: row.imageId, title: row.title, roastIntensity: row.roastIntensity };
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

/** Sets the title a guest typed for their waiting upload. */
export function setTempUploadTitle(id: string, title: string): void {
  db().update(tempUploads).set({ title }).where(eq(tempUploads.id, id)).run();
}

/** Sets the roast intensity a guest chose for their waiting upload, kept through sign-in. */
export function setTempUploadIntensity(id: string, roastIntensity: RoastIntensity): void {
  db().update(tempUploads).set({ roastIntensity }).where(eq(tempUploads.id, id)).run();
}
