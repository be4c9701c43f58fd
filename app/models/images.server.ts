import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { imageVariants, images } from '../../db/schema';
import { db } from '~/services/db.server';
import { consumeRateLimit, type RateLimit } from './rate-limits.server';
import { addImageVariants } from './image-storage.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { imageVariantsJob } from '~/queue/job-types';
import { waitText } from '~/utils/dates';
import { env } from '~/services/env.server';
import { UploadError } from '~/services/multipart.server';
import {
  encodeLaterVariants,
  IMAGES_FOLDER,
  type ImageFormat,
  ORIGINALS_FOLDER,
  imagePipelineBusy,
  imagePipelineHasRoom,
  PRIVATE_IMAGES_FOLDER,
  type ProcessedImage,
  processImage,
} from '~/services/images.server';

const PUBLISHED_PREFIX = `/uploads/${IMAGES_FOLDER}/`;
/** Where an unpublished image's files are asked for: a route that checks who asks (routes/private-image.ts). */
const PRIVATE_IMAGE_PREFIX = '/private-images/';
const urlPrefix = (published: boolean) => (published ? PUBLISHED_PREFIX : PRIVATE_IMAGE_PREFIX);
/** The JPEG fallback's `src`: the width that old browsers without srcset get. */
const FALLBACK_WIDTH = 640;

/**
 * Records a processed image and its variants in one transaction, returning the
 * image's id, and queues the job that makes its later variants. processImage has
 * already written its files, so a crash between the two leaves at most orphan files
 * on the volume, never rows naming missing files. The same upload again (same hash)
 * returns the existing id and adds nothing.
 */
export function saveImage(image: ProcessedImage): number {
  return db().transaction((tx) => {
    const existing = tx.select({ id: images.id }).from(images).where(eq(images.hash, image.hash)).get();
    if (existing) {
      // Its files went with a rejected build: this upload brings them back (private, like any new upload).
      const hasFiles = tx
        .select({ imageId: imageVariants.imageId })
        .from(imageVariants)
        .where(eq(imageVariants.imageId, existing.id))
        .limit(1)
        .get();
      if (!hasFiles && image.variants.length > 0) {
        tx.update(images).set({ placeholder: image.placeholder }).where(eq(images.id, existing.id)).run();
        tx.insert(imageVariants)
          .values(image.variants.map((variant) => ({ ...variant, imageId: existing.id })))
          .run();
        if (image.later) enqueueJob(tx, imageVariantsJob(existing.id));
      }
      return existing.id;
    }

    const { id } = tx
      .insert(images)
      .values({ hash: image.hash, width: image.width, height: image.height, placeholder: image.placeholder })
      .returning({ id: images.id })
      .get();
    if (image.variants.length > 0) {
      tx.insert(imageVariants)
        .values(image.variants.map((variant) => ({ ...variant, imageId: id })))
        .run();
    }
    if (image.later) enqueueJob(tx, imageVariantsJob(id));
    return id;
  });
}

/**
 * Makes the variants an image's upload did not wait for (the image-variants job): from
 * its original, JPEG and WebP first, then AVIF, each batch added as it is ready, so
 * pages pick them up as they land. The original is deleted once done, and when the
 * image is gone or its files went with a rejected build; without one there is nothing to do.
 */
export async function makeLaterVariants(imageId: number): Promise<void> {
  const image = db().select({ hash: images.hash }).from(images).where(eq(images.id, imageId)).get();
  if (!image) return;
  const original = join(env().UPLOADS_DIR, ORIGINALS_FOLDER, image.hash);
  if (!existsSync(original)) return;
  const made = () =>
    db()
      .select({ format: imageVariants.format, width: imageVariants.width })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, imageId))
      .all();
  // Rejected (or deleted) meanwhile: addImageVariants refuses, and the rest is not worth making.
  await encodeLaterVariants(original, made(), (encoded) => addImageVariants(imageId, encoded));
  await rm(original, { force: true });
}

/** Photos one network address may send per hour: the image pipeline's CPU and the volume are finite. */
export const UPLOAD_RATE_LIMIT = { bucket: 'upload:address', limit: 30, windowMs: 3600_000 } satisfies RateLimit;

/**
 * Photos one network address may have in the pipeline at once: the hourly limit
 * alone would let all 30 arrive together and fill the line other people wait in.
 * Two, so two members behind one router can upload side by side.
 */
const UPLOADS_AT_ONCE_PER_ADDRESS = 2;
/** About how long one photo takes; what a client told to wait for its own is asked to wait. */
const UPLOAD_IN_PROGRESS_RETRY_MS = 5000;

/** Uploads in the pipeline per address. In memory: uploads are processed on the primary only. */
const inProgress = new Map<string, number>();

/**
 * Processes an uploaded photo into UPLOADS_DIR and records it. Every attempt
 * counts against the sender's address, unreadable files too, but not one
 * refused before it was looked at. Throws an UploadError: 429 while the address
 * has UPLOADS_AT_ONCE_PER_ADDRESS uploads in progress or past the hourly limit,
 * 503 when the pipeline is too busy to queue it; an ImageError for a bad image.
 */
export async function saveUploadedImage(file: File, clientAddress: string): Promise<number> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // From here to processImage's admission nothing awaits, so no other upload can take the place in between.
  const running = inProgress.get(clientAddress) ?? 0;
  if (running >= UPLOADS_AT_ONCE_PER_ADDRESS) {
    throw new UploadError(429, 'Another upload from your network is still being processed. Try again when it has finished.', {
      retryAfterMs: UPLOAD_IN_PROGRESS_RETRY_MS,
    });
  }
  // Checked before the hourly limit counts the attempt: a photo refused as busy was never looked at.
  if (!imagePipelineHasRoom(bytes.byteLength)) throw imagePipelineBusy();
  const limit = consumeRateLimit(UPLOAD_RATE_LIMIT, clientAddress);
  if (!limit.allowed) {
    throw new UploadError(429, `Too many uploads from your network. Try again in ${waitText(limit.retryAfterMs)}.`, {
      retryAfterMs: limit.retryAfterMs,
    });
  }
  inProgress.set(clientAddress, running + 1);
  try {
    return saveImage(await processImage(bytes, { uploadsDir: env().UPLOADS_DIR }));
  } finally {
    const left = (inProgress.get(clientAddress) ?? 1) - 1;
    if (left > 0) inProgress.set(clientAddress, left);
    else inProgress.delete(clientAddress);
  }
}

/** Everything a `<picture>` needs to show an image at any size. */
export type ImageSources = {
  width: number;
  height: number;
  placeholder: string;
  /** AVIF first, then WebP: the browser takes the first type it supports. */
  sources: { type: 'image/avif' | 'image/webp'; srcSet: string }[];
  /** The JPEG fallback. */
  src: string;
  srcSet: string;
};

type VariantRow = { format: ImageFormat; width: number; fileName: string };

function srcSet(prefix: string, variants: VariantRow[]): string {
  return variants.map((variant) => `${prefix}${variant.fileName} ${variant.width}w`).join(', ');
}

function toSources(
  image: { width: number; height: number; placeholder: string; published: boolean },
  variants: VariantRow[],
): ImageSources {
  const prefix = urlPrefix(image.published);
  const ofFormat = (format: ImageFormat) => variants.filter((variant) => variant.format === format);
  const sources: ImageSources['sources'] = [];
  const avif = ofFormat('avif');
  if (avif.length > 0) sources.push({ type: 'image/avif', srcSet: srcSet(prefix, avif) });
  const webp = ofFormat('webp');
  if (webp.length > 0) sources.push({ type: 'image/webp', srcSet: srcSet(prefix, webp) });

  // Variants come sorted by width; an image with no JPEG (never written so) falls back to any format.
  const jpeg = ofFormat('jpeg');
  const fallback = jpeg.length > 0 ? jpeg : variants;
  const src = fallback.findLast((variant) => variant.width <= FALLBACK_WIDTH) ?? fallback[0];
  return {
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    sources,
    src: src ? `${prefix}${src.fileName}` : '',
    srcSet: srcSet(prefix, fallback),
  };
}

/**
 * The sources of many images in one query, by image id; ids with no image (or whose
 * files went with a rejected build) are absent. A published image's URLs are public
 * and cached for good; any other's go through the route that checks who asks.
 */
export function imageSources(imageIds: number[]): Map<number, ImageSources> {
  const result = new Map<number, ImageSources>();
  const ids = [...new Set(imageIds)];
  if (ids.length === 0) return result;

  const rows = db()
    .select({
      id: images.id,
      width: images.width,
      height: images.height,
      placeholder: images.placeholder,
      published: images.published,
      format: imageVariants.format,
      variantWidth: imageVariants.width,
      fileName: imageVariants.fileName,
    })
    .from(images)
    .innerJoin(imageVariants, eq(imageVariants.imageId, images.id))
    .where(inArray(images.id, ids))
    .orderBy(asc(images.id), asc(imageVariants.width))
    .all();

  const byImage = new Map<number, { image: (typeof rows)[number]; variants: VariantRow[] }>();
  for (const row of rows) {
    const entry = byImage.get(row.id) ?? { image: row, variants: [] };
    entry.variants.push({ format: row.format, width: row.variantWidth, fileName: row.fileName });
    byImage.set(row.id, entry);
  }
  for (const [id, { image, variants }] of byImage) result.set(id, toSources(image, variants));
  return result;
}

/** One image's sources, or null when it has none (see imageSources). */
export function imageSource(imageId: number): ImageSources | null {
  return imageSources([imageId]).get(imageId) ?? null;
}

/** The URL of the widest variant of an image in `format`, for the full-size view; null if there is none. */
export function largestVariantUrl(imageId: number, format: ImageFormat = 'jpeg'): string | null {
  const row = db()
    .select({ fileName: imageVariants.fileName, published: images.published })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, format)))
    .orderBy(desc(imageVariants.width))
    .limit(1)
    .get();
  return row ? `${urlPrefix(row.published)}${row.fileName}` : null;
}

/**
 * The file of an image's JPEG variant for analysis (screening, the roasters, social
 * cards): the widest one no wider than `maxWidth`, else the narrowest; null when none.
 * In the folder the image's state names, or the other one while its files are being
 * moved (or when a listed image shares the file).
 */
export function analysisFile(imageId: number, maxWidth = 1080): string | null {
  const variants = db()
    .select({ width: imageVariants.width, fileName: imageVariants.fileName, published: images.published })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, 'jpeg')))
    .orderBy(asc(imageVariants.width))
    .all();
  const chosen = variants.findLast((variant) => variant.width <= maxWidth) ?? variants[0];
  if (!chosen) return null;
  const [first, second] = chosen.published ? [IMAGES_FOLDER, PRIVATE_IMAGES_FOLDER] : [PRIVATE_IMAGES_FOLDER, IMAGES_FOLDER];
  const expected = join(env().UPLOADS_DIR, first, chosen.fileName);
  return existsSync(expected) ? expected : join(env().UPLOADS_DIR, second, chosen.fileName);
}

/**
 * Runs `read` on the image's analysis file (see analysisFile); null when it has none.
 * An image's files move between the private and public folders when its build is
 * listed or hidden, which can happen while a job reads them (a roast starts the moment
 * a build is listed): if `read` fails and the file is no longer where it was, it runs
 * once more on the file's new place. Any other failure is passed on as it is.
 */
export async function withAnalysisFile<T>(imageId: number, read: (file: string) => Promise<T>, maxWidth?: number): Promise<T | null> {
  const file = analysisFile(imageId, maxWidth);
  if (!file) return null;
  try {
    return await read(file);
  } catch (error) {
    const moved = analysisFile(imageId, maxWidth);
    if (existsSync(file) || !moved || moved === file) throw error;
    return read(moved);
  }
}
