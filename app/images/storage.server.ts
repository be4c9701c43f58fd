import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { buildPhotos, builds, imageVariants, images, tempUploadPhotos, tempUploads } from '../../db/schema';
import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { filesOlderThan, moveFiles, removeFiles, syncFolder, writeOnce } from '~/services/files.server';
import { log } from '~/services/log.server';
import { type EncodedVariant, EXTENSIONS, type StoredVariant } from './variants';
import { DAY_MS } from '~/utils/dates';

// Where each image's files live. An image a listed build shows is published: its
// variants are in UPLOADS_DIR/images, served to anyone and cached for good. Every other
// image (waiting for screening, held, hidden, a guest's upload) keeps them in
// UPLOADS_DIR/private/images, which only the private image route reads, for those
// who may see it. An image only rejected builds use loses its files.
//
// Files are named by their content, so two images may share one: a file stays public
// while any listed image names it, and a file in the public folder may be read for a
// private image too (it is public anyway). Readers look in both folders.

/** The folder under UPLOADS_DIR that holds the variants of listed builds' images, served at `/uploads/images/`. */
export const IMAGES_FOLDER = 'images';
/**
 * The folder under UPLOADS_DIR that holds every other image's variants (uploads waiting
 * for screening, held, hidden, guests' uploads); never served as static files.
 */
export const PRIVATE_IMAGES_FOLDER = join('private', 'images');
/**
 * The folder under UPLOADS_DIR that keeps an upload as it was sent (EXIF and all) until
 * its later variants are made, as `<sha256 of the upload>`; never served.
 */
export const ORIGINALS_FOLDER = join('private', 'originals');

/** How storeVariants names a variant file: its content's SHA-256 and the format's extension. */
export const VARIANT_FILE = /^[0-9a-f]{64}\.(?:avif|webp|jpg)$/;

/** The three folders, under this server's UPLOADS_DIR. */
export function folders() {
  const root = env().UPLOADS_DIR;
  return { published: join(root, IMAGES_FOLDER), private: join(root, PRIVATE_IMAGES_FOLDER), originals: join(root, ORIGINALS_FOLDER) };
}

/** Some listed build shows the image: as its main photo, or as an extra photo screening approved. */
export const listedImage = sql`(exists (select 1 from ${builds} where ${builds.imageId} = ${images.id} and ${builds.reviewStatus} = 'approved')
  or exists (select 1 from ${buildPhotos} join ${builds} on ${builds.id} = ${buildPhotos.buildId}
    where ${buildPhotos.imageId} = ${images.id} and ${buildPhotos.reviewStatus} = 'approved' and ${builds.reviewStatus} = 'approved'))`;
/** Builds use the image, every use of it rejected, and no guest's upload waits with it: its files can go. */
const droppedImage = sql`(exists (select 1 from ${builds} where ${builds.imageId} = ${images.id})
    or exists (select 1 from ${buildPhotos} where ${buildPhotos.imageId} = ${images.id}))
  and not exists (select 1 from ${builds} where ${builds.imageId} = ${images.id} and ${builds.reviewStatus} <> 'rejected')
  and not exists (select 1 from ${buildPhotos} join ${builds} on ${builds.id} = ${buildPhotos.buildId}
    where ${buildPhotos.imageId} = ${images.id} and ${buildPhotos.reviewStatus} <> 'rejected' and ${builds.reviewStatus} <> 'rejected')
  and not exists (select 1 from ${tempUploads} where ${tempUploads.imageId} = ${images.id})
  and not exists (select 1 from ${tempUploadPhotos} where ${tempUploadPhotos.imageId} = ${images.id})`;
const unusedImage = sql`not exists (select 1 from ${builds} where ${builds.imageId} = ${images.id})
  and not exists (select 1 from ${buildPhotos} where ${buildPhotos.imageId} = ${images.id})
  and not exists (select 1 from ${tempUploads} where ${tempUploads.imageId} = ${images.id})
  and not exists (select 1 from ${tempUploadPhotos} where ${tempUploadPhotos.imageId} = ${images.id})`;

/** These images and the extra photos of every build whose main photo is one of them: a build's photos follow its state. */
function withBuildsPhotos(imageIds: number[]): number[] {
  const extra = db()
    .select({ imageId: buildPhotos.imageId })
    .from(buildPhotos)
    .innerJoin(builds, eq(builds.id, buildPhotos.buildId))
    .where(inArray(builds.imageId, imageIds))
    .all()
    .map((row) => row.imageId);
  return [...new Set([...imageIds, ...extra])];
}

// One change to the folders at a time, each reading the database when its turn comes:
// whatever was committed before it is what it puts in place, and a commit while it moves
// files queues the next turn, so the folders always end up as the database says.
let turns: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = turns.then(task);
  turns = run.catch(() => undefined);
  return run;
}

const fileNamesOf = (imageIds: number[]) =>
  imageIds.length === 0
    ? []
    : [
        ...new Set(
          db()
            .select({ fileName: imageVariants.fileName })
            .from(imageVariants)
            .where(inArray(imageVariants.imageId, imageIds))
            .all()
            .map((row) => row.fileName),
        ),
      ];

/** Of these file names, the ones some listed image's variant names. */
function namesListedImagesNeed(fileNames: string[]): Set<string> {
  if (fileNames.length === 0) return new Set();
  return new Set(
    db()
      .select({ fileName: imageVariants.fileName })
      .from(imageVariants)
      .innerJoin(images, eq(images.id, imageVariants.imageId))
      .where(and(inArray(imageVariants.fileName, fileNames), listedImage))
      .all()
      .map((row) => row.fileName),
  );
}

/** Of these file names, the ones no variant names any more. */
function namesNobodyNeeds(fileNames: string[]): string[] {
  if (fileNames.length === 0) return [];
  const named = new Set(
    db()
      .select({ fileName: imageVariants.fileName })
      .from(imageVariants)
      .where(inArray(imageVariants.fileName, fileNames))
      .all()
      .map((row) => row.fileName),
  );
  return fileNames.filter((name) => !named.has(name));
}

/**
 * After rows naming these files went away: the files no variant names any more are
 * deleted from both folders; those only unlisted images still name leave the public one.
 */
async function release(fileNames: string[]): Promise<number> {
  const where = folders();
  const unnamed = namesNobodyNeeds(fileNames);
  const gone = new Set(unnamed);
  const needed = namesListedImagesNeed(fileNames);
  const stillPrivate = fileNames.filter((name) => !needed.has(name) && !gone.has(name));
  await removeFiles(unnamed, [where.published, where.private]);
  await moveFiles(stillPrivate, where.published, where.private);
  return unnamed.length;
}

/**
 * Puts these images' files where their builds' state says, after a transaction that
 * listed, unlisted, rejected or deleted builds or screened an extra photo: published when
 * a listed build shows the image, private otherwise, deleted (variants and files, the
 * image's row kept for its builds) when only rejected builds or photos use it. A build's
 * main photo brings its extra photos along. Resolves once the files are in place.
 */
export function settleImageFiles(imageIds: number[]): Promise<void> {
  if (imageIds.length === 0) return Promise.resolve();
  return inTurn(() => settle(inArray(images.id, withBuildsPhotos(imageIds))));
}

async function settle(which: SQL): Promise<void> {
  const where = folders();
  const rows = db()
    .select({ id: images.id, published: images.published, listed: sql<number>`${listedImage}`, dropped: sql<number>`${droppedImage}` })
    .from(images)
    .where(which)
    .all();

  const dropped = rows.filter((row) => row.dropped).map((row) => row.id);
  if (dropped.length > 0) {
    const names = fileNamesOf(dropped);
    db().transaction((tx) => {
      tx.delete(imageVariants).where(inArray(imageVariants.imageId, dropped)).run();
      // The preview is a blurred copy of the photo: it goes too.
      tx.update(images).set({ placeholder: '', published: false }).where(inArray(images.id, dropped)).run();
    });
    await release(names);
  }

  const toPublish = rows.filter((row) => row.listed && !row.published).map((row) => row.id);
  if (toPublish.length > 0) {
    await moveFiles(fileNamesOf(toPublish), where.private, where.published);
    db().update(images).set({ published: true }).where(inArray(images.id, toPublish)).run();
  }

  const toUnpublish = rows.filter((row) => !row.listed && !row.dropped && row.published).map((row) => row.id);
  if (toUnpublish.length > 0) {
    const names = fileNamesOf(toUnpublish);
    const needed = namesListedImagesNeed(names);
    await moveFiles(
      names.filter((name) => !needed.has(name)),
      where.published,
      where.private,
    );
    db().update(images).set({ published: false }).where(inArray(images.id, toUnpublish)).run();
  }
}

/**
 * Writes encoded variants into `folder` as `<sha256 of the file>.<ext>` and syncs the
 * folder; resolves once every file is there.
 */
export async function storeVariants(folder: string, encoded: EncodedVariant[]): Promise<StoredVariant[]> {
  await mkdir(folder, { recursive: true });
  const stored = await Promise.all(
    encoded.map(async ({ format, width, height, data }) => {
      const fileName = `${createHash('sha256').update(data).digest('hex')}.${EXTENSIONS[format]}`;
      await writeOnce(folder, fileName, data);
      return { format, width, height, bytes: data.length, fileName };
    }),
  );
  await syncFolder(folder);
  return stored;
}

/**
 * Adds variants made after the upload (the image-variants job) to an image: written
 * where its files are now (public once a listed build shows it, private before), and
 * recorded. In turn with the moves, so a publish or unpublish either comes first and
 * this writes to the new place, or comes after and moves these files with the rest.
 * An image that is gone, or whose files went with a rejected build, gets nothing:
 * answers false.
 */
export function addImageVariants(imageId: number, encoded: EncodedVariant[]): Promise<boolean> {
  return inTurn(async () => {
    const image = db()
      .select({
        published: images.published,
        hasFiles: sql<number>`exists (select 1 from ${imageVariants} where ${imageVariants.imageId} = ${images.id})`,
      })
      .from(images)
      .where(eq(images.id, imageId))
      .get();
    if (!image?.hasFiles) return false;
    const where = folders();
    const stored = await storeVariants(image.published ? where.published : where.private, encoded);
    db()
      .insert(imageVariants)
      .values(stored.map((variant) => ({ ...variant, imageId })))
      .onConflictDoNothing()
      .run();
    return true;
  });
}

const RECONCILE_BATCH = 200;

/**
 * Puts every image whose files are not where its builds' state says in place: after a
 * crash between a commit and the files' move, and on the first start after an upgrade,
 * when every file was public. Runs at start-up and with housekeeping; one pass over the
 * images (about 130 ms for 100 000) when there is nothing to do.
 */
export function reconcileImageFiles(): Promise<number> {
  return inTurn(async () => {
    const ids = db()
      .select({ id: images.id })
      .from(images)
      .where(
        or(
          and(eq(images.published, false), listedImage),
          and(eq(images.published, true), not(listedImage)),
          and(droppedImage, sql`exists (select 1 from ${imageVariants} where ${imageVariants.imageId} = ${images.id})`),
        ),
      )
      .all()
      .map((row) => row.id);
    if (ids.length > 0) log.info(`Moving the files of ${ids.length} images to where their builds' state says`);
    // In batches: an upgraded install may have many, and each batch names its ids in one query.
    for (let start = 0; start < ids.length; start += RECONCILE_BATCH) {
      await settle(inArray(images.id, ids.slice(start, start + RECONCILE_BATCH)));
    }
    return ids.length;
  });
}

/** How long a new image may wait for its build or temp upload before it counts as unused. */
const UNUSED_IMAGE_GRACE_MS = DAY_MS;

/**
 * Deletes images no build or temp upload uses any more (an expired guest upload,
 * a deleted build) and the files no remaining variant shares (housekeeping).
 */
export function pruneUnusedImages(now = Date.now()): Promise<number> {
  return inTurn(() => deleteImages(and(lt(images.createdAt, new Date(now - UNUSED_IMAGE_GRACE_MS)), unusedImage)!));
}

const ORPHAN_BATCH = 500;

/**
 * Deletes files in the private folder that no variant names and that are older than a
 * day (housekeeping): left by an upload whose image already existed under other file
 * names, or by a crash between a rejection's rows and its files. Younger ones may belong
 * to an upload still being processed. Originals older than a day go too: their later
 * variants were made (or failed for good) long before. Answers how many went.
 */
export function pruneOrphanFiles(now = Date.now()): Promise<number> {
  return inTurn(async () => {
    const where = folders();
    const old = (await filesOlderThan(where.private, new Date(now - UNUSED_IMAGE_GRACE_MS))).filter((name) => VARIANT_FILE.test(name));
    const orphans: string[] = [];
    for (let start = 0; start < old.length; start += ORPHAN_BATCH)
      orphans.push(...namesNobodyNeeds(old.slice(start, start + ORPHAN_BATCH)));
    await removeFiles(orphans, [where.private]);
    const originals = await filesOlderThan(where.originals, new Date(now - UNUSED_IMAGE_GRACE_MS));
    await removeFiles(originals, [where.originals]);
    return orphans.length + originals.length;
  });
}

/**
 * After builds using these images were deleted: deletes the images nothing uses any
 * more at once, and puts the files of those still used where their other builds' state says.
 */
export function deleteImagesIfUnused(imageIds: number[]): Promise<number> {
  if (imageIds.length === 0) return Promise.resolve(0);
  return inTurn(async () => {
    const deleted = await deleteImages(and(inArray(images.id, imageIds), unusedImage)!);
    await settle(inArray(images.id, imageIds));
    return deleted;
  });
}

/**
 * Rows go first, files after: a crash in between leaves orphan files, never rows
 * naming missing files. A file another image's variant shares stays.
 */
async function deleteImages(condition: SQL): Promise<number> {
  const names = db().transaction((tx) => {
    const ids = tx
      .select({ id: images.id })
      .from(images)
      .where(condition)
      .all()
      .map((row) => row.id);
    if (ids.length === 0) return [];
    const named = tx
      .select({ fileName: imageVariants.fileName })
      .from(imageVariants)
      .where(inArray(imageVariants.imageId, ids))
      .all()
      .map((row) => row.fileName);
    tx.delete(images).where(inArray(images.id, ids)).run();
    return [...new Set(named)];
  });
  return release(names);
}
