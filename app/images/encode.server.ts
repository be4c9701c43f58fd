import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ResizeOptions, Sharp, SharpOptions } from 'sharp';
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash';
import { syncFolder, writeOnce } from '~/services/files.server';
import { log } from '~/services/log.server';
import { AdmissionFullError, createAdmission } from '~/services/admission.server';
import { UploadError } from '~/services/multipart.server';
import { BUILD_IMAGE_MAX_MEGAPIXELS } from '~/utils/constants';
import { IMAGE_ERROR_MESSAGES } from './messages';
import { isPixelLimitError, loadSharp, signatureFormat } from './sharp.server';
import { ORIGINALS_FOLDER, PRIVATE_IMAGES_FOLDER, storeVariants } from './storage.server';
import { type EncodedVariant, IMAGE_FORMATS, type ImageFormat, scaledHeight, type StoredVariant, variantWidths } from './variants';

/** An upload refused for what it contains; `message` is fit to show the member. */
export class ImageError extends Error {
  override name = 'ImageError';
  readonly status = 400 as const;
}

export type ProcessedImage = {
  /** SHA-256 (hex) of the uploaded bytes; the original's file name in ORIGINALS_FOLDER. */
  hash: string;
  /** Size once EXIF orientation is applied. */
  width: number;
  height: number;
  /** A data URL painted while the real image loads. */
  placeholder: string;
  /** The variants made while the upload waits (see processImage). */
  variants: StoredVariant[];
  /** How many variants are still to be made from the original (encodeLaterVariants); none when absent. */
  later?: number;
};

const PLACEHOLDER_MAX_SIDE = 100;

const inputOptions: SharpOptions = {
  // Checked against the header's dimensions, before any pixel is decoded.
  limitInputPixels: BUILD_IMAGE_MAX_MEGAPIXELS * 1_000_000,
  failOn: 'warning',
  // Animated GIF and WebP: the first frame only.
  pages: 1,
};

// libvips uses one thread per image here (sharp's default on glibc), so one
// sharp task per core, up to two, keeps the CPUs busy; more would only add memory.
// An encoder's memory follows its pixels (AVIF holds 30–50 MB per megapixel), so
// the tasks running at once also share a budget of pixels: two 1600×1200 encodes
// run side by side, a 1600×2400 one runs alone. The limit is process-wide.
const sharpTasks = createAdmission({ name: 'image-encodes', running: Math.min(2, availableParallelism()), budget: 4_000_000 });

/**
 * Whole uploads, from decode to the last file: two at once, so decoded pixels
 * cannot run ahead of the encoders. Up to 16 more wait, holding at most 64 MB of
 * uploaded bytes between them (twice that in memory, with the request's own
 * copy); past that an upload is refused as busy (503).
 */
const imageJobs = createAdmission({ name: 'uploads', running: 2, waiting: 16, waitingBytes: 64 * 1024 * 1024 });

/** How long a client refused as busy is asked to wait before trying again. */
const BUSY_RETRY_AFTER_MS = 15_000;

/** Whether an upload of `bytes` would be taken now (processed or queued) rather than refused as busy. */
export function imagePipelineHasRoom(bytes: number): boolean {
  return imageJobs.hasRoom(bytes);
}

/** The refusal of an upload the pipeline has no room for: 503, try again shortly. */
export function imagePipelineBusy(options?: ErrorOptions): UploadError {
  return new UploadError(503, 'The server is busy with other photos. Please try again in a moment.', {
    ...options,
    retryAfterMs: BUSY_RETRY_AFTER_MS,
  });
}

function toImageError(error: unknown): ImageError {
  if (isPixelLimitError(error)) return new ImageError(IMAGE_ERROR_MESSAGES.tooLarge, { cause: error });
  log.debug('image rejected as unreadable', error instanceof Error ? error.message : String(error));
  return new ImageError(IMAGE_ERROR_MESSAGES.unreadable, { cause: error });
}

/** Decoded pixels at one variant's width (no variant made from it is wider): upright, sRGB, 8 bits per channel. */
type Master = {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
  /** Whether any pixel is see-through; false also when an alpha channel is all opaque. */
  transparent: boolean;
  /** The full upright size of the upload. */
  original: { width: number; height: number };
  /** Every variant's width, ascending. */
  widths: number[];
};

type Inspected = { original: { width: number; height: number }; widths: number[] };

/** Checks the upload's format and size from its header: what it is, how big upright, which widths it gets. */
async function inspect(input: Uint8Array): Promise<Inspected> {
  const expected = signatureFormat(input);
  if (!expected) throw new ImageError(IMAGE_ERROR_MESSAGES.notImage);
  let original: { width: number; height: number };
  try {
    const sharp = await loadSharp();
    const metadata = await sharp(input, inputOptions).metadata();
    if (metadata.format !== expected) throw new ImageError(IMAGE_ERROR_MESSAGES.notImage);
    original = metadata.autoOrient;
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw toImageError(error);
  }
  const widths = variantWidths(original);
  // Only a strip too tall to encode even at the narrowest width the pixel cap leaves has none.
  if (widths.length === 0) throw new ImageError(IMAGE_ERROR_MESSAGES.unreadable);
  return { original, widths };
}

/**
 * Decodes the upload once, already shrunk to `width` (JPEG shrinks while it decodes),
 * so the encoders work from a small buffer instead of decoding the upload again.
 */
async function decode(input: Uint8Array, { original, widths }: Inspected, width: number): Promise<Master> {
  const height = scaledHeight(width, original);
  try {
    return await sharpTasks.run(
      async () => {
        const sharp = await loadSharp();
        // rotate() applies the EXIF orientation; the raw output carries no metadata at all,
        // and an embedded ICC profile is converted to sRGB on the way.
        let pipeline = sharp(input, inputOptions).rotate();
        if (width < original.width) pipeline = pipeline.resize({ width, height, fit: 'fill' });
        const { data, info } = await pipeline.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
        if (info.channels !== 3 && info.channels !== 4) throw new Error(`Unexpected ${info.channels} channels`);
        const channels = info.channels;
        const transparent =
          channels === 4 && !(await sharp(data, { raw: { width: info.width, height: info.height, channels } }).stats()).isOpaque;
        return { pixels: data, width: info.width, height: info.height, channels, transparent, original, widths };
      },
      { cost: width * height },
    );
  } catch (error) {
    throw toImageError(error);
  }
}

async function fromMaster(master: Master): Promise<Sharp> {
  const sharp = await loadSharp();
  const image = sharp(master.pixels, { raw: { width: master.width, height: master.height, channels: master.channels } });
  return master.channels === 4 && !master.transparent ? image.removeAlpha() : image;
}

async function encodeVariant(master: Master, format: ImageFormat, width: number): Promise<Buffer> {
  let pipeline = await fromMaster(master);
  if (width !== master.width) pipeline = pipeline.resize({ width, height: scaledHeight(width, master.original), fit: 'fill' });
  switch (format) {
    case 'avif':
      // Effort 4 took 4–5 times the CPU of effort 3 (6–25 s against 1.5–5 s for one
      // 1600-wide photo on a 2-core machine) for files about a fifth smaller.
      return pipeline.avif({ quality: 50, effort: 3 }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 75 }).toBuffer();
    case 'jpeg':
      // JPEG has no alpha: transparent areas become white rather than libvips' default black.
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
  }
}

/**
 * A thumbhash of the image, drawn back out as a small PNG data URL. thumbhash's
 * own thumbHashToDataURL stores its 32-pixel PNG uncompressed (about 4 KB once in
 * base64), too much to inline for every card of a gallery; deflated with PNG's
 * row filters, the same pixels take 0.2–1.3 KB.
 */
async function placeholderFor(master: Master): Promise<string> {
  const image = await fromMaster(master);
  const { data, info } = await image
    .resize(PLACEHOLDER_MAX_SIDE, PLACEHOLDER_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const preview = thumbHashToRGBA(rgbaToThumbHash(info.width, info.height, data));
  const sharp = await loadSharp();
  let png = sharp(Buffer.from(preview.rgba), { raw: { width: preview.w, height: preview.h, channels: 4 } });
  if (!master.transparent) png = png.removeAlpha();
  const bytes = await png.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/**
 * Waits for every task to settle, then fails with the first failure, so that
 * nothing is still writing files once processImage has returned or thrown.
 */
async function allSettledOrThrow(tasks: Promise<unknown>[]): Promise<void> {
  const failure = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The width made while the upload waits: what a build page shows on most screens, within what the image has. */
const FIRST_WIDTH = 1080;
/**
 * The format made while the upload waits: every browser shows it, screening and the
 * roasters read it, and it encodes in a third of WebP's time (about 90 against 150–350 ms
 * for a grainy 1080-wide photo on the 2-core machine).
 */
const FIRST_FORMATS: readonly ImageFormat[] = ['jpeg'];

function firstWidth(widths: number[]): number {
  return widths.findLast((width) => width <= FIRST_WIDTH) ?? widths[0]!;
}

/**
 * Turns an uploaded build photo into what its build page needs at once: format checked
 * from the content (JPEG, PNG, GIF or WebP, and sharp must agree), at most 40
 * megapixels (refused from the header, before decoding), first frame only, EXIF
 * orientation applied, sRGB, no metadata; a JPEG at one width (1080, or the widest
 * the image has below it) and the placeholder, written as
 * `<uploadsDir>/private/images/<sha256 of the file>.<ext>` (unlisted until screening
 * passes it). The upload itself is kept as it came in ORIGINALS_FOLDER, for
 * encodeLaterVariants to make every other width and format (AVIF included) from it
 * out of the request's way. All files are on disk when this resolves; the database is
 * not touched. Throws an ImageError carrying the message for a refused image (docs/product.md §5),
 * and an UploadError (503) at once when too many uploads are already waiting.
 */
export function processImage(input: Uint8Array, { uploadsDir }: { uploadsDir: string }): Promise<ProcessedImage> {
  // What is no image at all is refused before it takes a place in line.
  if (!signatureFormat(input)) return Promise.reject(new ImageError(IMAGE_ERROR_MESSAGES.notImage));
  return imageJobs
    .run(() => processAdmitted(input, uploadsDir), { bytes: input.byteLength })
    .catch((error: unknown) => {
      throw error instanceof AdmissionFullError ? imagePipelineBusy({ cause: error }) : error;
    });
}

async function processAdmitted(input: Uint8Array, uploadsDir: string): Promise<ProcessedImage> {
  const inspected = await inspect(input);
  const width = firstWidth(inspected.widths);
  const master = await decode(input, inspected, width);
  const hash = createHash('sha256').update(input).digest('hex');
  const height = scaledHeight(width, master.original);

  const original = (async () => {
    const folder = join(uploadsDir, ORIGINALS_FOLDER);
    await mkdir(folder, { recursive: true });
    await writeOnce(folder, hash, input);
    await syncFolder(folder);
  })();
  const placeholder = sharpTasks.run(() => placeholderFor(master), { cost: PLACEHOLDER_MAX_SIDE ** 2 });
  const encoded = FIRST_FORMATS.map((format) =>
    sharpTasks.run(async () => ({ format, width, height, data: await encodeVariant(master, format, width) }), { cost: width * height }),
  );
  await allSettledOrThrow([original, placeholder, ...encoded]);
  // Private until a listed build uses the image: screening has not seen it yet.
  const variants = await storeVariants(join(uploadsDir, PRIVATE_IMAGES_FOLDER), await Promise.all(encoded));

  return {
    hash,
    width: master.original.width,
    height: master.original.height,
    placeholder: await placeholder,
    variants,
    later: inspected.widths.length * IMAGE_FORMATS.length - variants.length,
  };
}

/**
 * Encodes every variant of an upload that `made` lacks, from its original (the file
 * processImage kept), one at a time so that it never holds more than one of the
 * image pipeline's two places and an upload arriving meanwhile is answered as fast as
 * ever. JPEG and WebP come first, in one `batch`, then each AVIF (seconds each) in
 * its own; `batch` answers whether to go on. Resolves once all are passed to `batch`.
 */
export async function encodeLaterVariants(
  originalFile: string,
  made: { format: ImageFormat; width: number }[],
  batch: (encoded: EncodedVariant[]) => Promise<boolean>,
): Promise<void> {
  const input = await readFile(originalFile);
  const inspected = await inspect(input);
  const missing = (format: ImageFormat) =>
    inspected.widths.filter((width) => !made.some((variant) => variant.format === format && variant.width === width));
  const widest = inspected.widths[inspected.widths.length - 1]!;
  const master = await decode(input, inspected, widest);
  const encode = async (format: ImageFormat, width: number): Promise<EncodedVariant> => {
    const height = scaledHeight(width, inspected.original);
    const data = await sharpTasks.run(() => encodeVariant(master, format, width), { cost: width * height });
    return { format, width, height, data };
  };

  const quick: EncodedVariant[] = [];
  for (const format of ['jpeg', 'webp'] as const) for (const width of missing(format)) quick.push(await encode(format, width));
  if (quick.length > 0 && !(await batch(quick))) return;
  for (const width of missing('avif')) if (!(await batch([await encode('avif', width)]))) return;
}

/** An image's pixels as interleaved 8-bit RGB, row by row: `shape` is [height, width, 3]. */
export type RgbPixels = { data: Buffer; shape: [height: number, width: number, channels: number] };

type PixelSize = ResizeOptions & { width: number; height: number };

/**
 * A stored image file's pixels in RGB at each size asked (alpha dropped, greyscale and
 * CMYK turned into sRGB), within the same limits as the uploads' sharp work: the image
 * screening's inputs, decoded here so that the screening process never loads libvips.
 */
export async function rgbPixels<Name extends string>(file: string, sizes: Record<Name, PixelSize>): Promise<Record<Name, RgbPixels>> {
  const image = (await loadSharp())(file);
  const scaled = (size: PixelSize) =>
    // JPEG shrinks while it decodes, to no less than twice the size asked.
    sharpTasks.run(
      async (): Promise<RgbPixels> => {
        const { data, info } = await image
          .clone()
          .resize(size)
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        return { data, shape: [info.height, info.width, info.channels] };
      },
      { cost: 4 * size.width * size.height },
    );
  const entries = await Promise.all(Object.entries<PixelSize>(sizes).map(async ([name, size]) => [name, await scaled(size)] as const));
  return Object.fromEntries(entries) as Record<Name, RgbPixels>;
}
