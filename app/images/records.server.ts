import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { imageVariants, images } from '../../db/schema';
import { type Writer, db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { encodeLaterVariants, type ProcessedImage } from './encode.server';
import { variantUrl } from './serve.server';
import { addImageVariants, IMAGES_FOLDER, ORIGINALS_FOLDER, PRIVATE_IMAGES_FOLDER } from './storage.server';
import type { ImageFormat, ImageSources } from './variants';
/** The JPEG fallback's `src`: the width that old browsers without srcset get. */
const FALLBACK_WIDTH = 640;

/**
 * Writes the rows of a processed image and its variants with `writer` (the caller's
 * transaction, which also queues the later variants' job when `later` says so) and
 * answers the image's id. processImage has already written its files, so a crash
 * before the commit leaves at most orphan files on the volume, never rows naming
 * missing files. The same upload again (same hash) answers the existing id and adds
 * nothing, unless its files went with a rejected build: then they are back.
 */
export function insertImage(writer: Writer, image: ProcessedImage): { id: number; later: boolean } {
  const later = Boolean(image.later);
  const existing = writer.select({ id: images.id }).from(images).where(eq(images.hash, image.hash)).get();
  if (existing) {
    // Its files went with a rejected build: this upload brings them back (private, like any new upload).
    const hasFiles = writer
      .select({ imageId: imageVariants.imageId })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, existing.id))
      .limit(1)
      .get();
    if (hasFiles || image.variants.length === 0) return { id: existing.id, later: false };
    writer.update(images).set({ placeholder: image.placeholder }).where(eq(images.id, existing.id)).run();
    writer
      .insert(imageVariants)
      .values(image.variants.map((variant) => ({ ...variant, imageId: existing.id })))
      .run();
    return { id: existing.id, later };
  }

  const { id } = writer
    .insert(images)
    .values({ hash: image.hash, width: image.width, height: image.height, placeholder: image.placeholder })
    .returning({ id: images.id })
    .get();
  if (image.variants.length > 0) {
    writer
      .insert(imageVariants)
      .values(image.variants.map((variant) => ({ ...variant, imageId: id })))
      .run();
  }
  return { id, later };
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

type VariantRow = { format: ImageFormat; width: number; fileName: string };

function srcSet(url: (fileName: string) => string, variants: VariantRow[]): string {
  return variants.map((variant) => `${url(variant.fileName)} ${variant.width}w`).join(', ');
}

function toSources(
  image: { width: number; height: number; placeholder: string; published: boolean },
  variants: VariantRow[],
): ImageSources {
  const url = (fileName: string) => variantUrl(image.published, fileName);
  const ofFormat = (format: ImageFormat) => variants.filter((variant) => variant.format === format);
  const sources: ImageSources['sources'] = [];
  const avif = ofFormat('avif');
  if (avif.length > 0) sources.push({ type: 'image/avif', srcSet: srcSet(url, avif) });
  const webp = ofFormat('webp');
  if (webp.length > 0) sources.push({ type: 'image/webp', srcSet: srcSet(url, webp) });

  // Variants come sorted by width; an image with no JPEG (never written so) falls back to any format.
  const jpeg = ofFormat('jpeg');
  const fallback = jpeg.length > 0 ? jpeg : variants;
  const src = fallback.findLast((variant) => variant.width <= FALLBACK_WIDTH) ?? fallback[0];
  return {
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    sources,
    src: src ? url(src.fileName) : '',
    srcSet: srcSet(url, fallback),
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
  return row ? variantUrl(row.published, row.fileName) : null;
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
