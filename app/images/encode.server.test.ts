import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BLUE, brokenImages, isBlue, isRed, notPictures, pixel, pngBomb, RED, sidewaysPhoto } from '#tests/support/image-fixtures';
import { processFully } from '#tests/support/processed-images';
import { rejectionOf } from '#tests/support/rejection';
import sharp, { type Color } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLaterVariants, ImageError, processImage, type ProcessedImage, rgbPixels } from './encode.server';
import { type EncodedVariant, IMAGE_FORMATS, MAX_VARIANT_PIXELS, variantWidths } from './variants';
import { UploadError } from '~/services/multipart.server';

const NOT_AN_IMAGE = 'File type must be an image';
const TOO_LARGE = 'Image is too large. Please try a smaller image (max 40 megapixels).';
const UNREADABLE = 'Unable to process this image. Please try a different file.';

let uploadsDir: string;
let imagesDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'rigroast-images-'));
  // New uploads are private until a listed build shows them.
  imagesDir = join(uploadsDir, 'private', 'images');
});

afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

/** A sharp pipeline for a one-colour image. */
function solid(width: number, height: number, background: Color, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background } });
}

/** A two-frame 400×300 GIF: red, then blue. */
async function animatedGif(): Promise<Buffer> {
  const frame = (background: Color) => solid(400, 300, background).png().toBuffer();
  return sharp([await frame(RED), await frame(BLUE)], { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

async function imageError(input: Uint8Array): Promise<ImageError> {
  const error = await rejectionOf(processImage(input, { uploadsDir }), ImageError);
  expect(error.status).toBe(400);
  return error;
}

const SHARP_FORMAT = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as const;
const EXTENSION = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

async function readVariant(result: ProcessedImage, format: 'avif' | 'webp' | 'jpeg', width: number): Promise<Buffer> {
  const variant = result.variants.find((candidate) => candidate.format === format && candidate.width === width);
  if (!variant) throw new Error(`No ${format} variant ${width} wide`);
  return readFile(join(imagesDir, variant.fileName));
}

/**
 * Every variant of `result`: one per width and format, sized by the aspect
 * ratio, stored under the hash of its own bytes in the right format, with no metadata.
 */
async function expectVariants(result: ProcessedImage, widths: number[]): Promise<void> {
  expect(result.variants.map(({ format, width }) => `${format} ${width}`)).toEqual(
    IMAGE_FORMATS.flatMap((format) => widths.map((width) => `${format} ${width}`)),
  );
  for (const variant of result.variants) {
    expect(variant.height).toBe(Math.round((variant.width * result.height) / result.width));
    const bytes = await readFile(join(imagesDir, variant.fileName));
    expect(variant.fileName).toBe(`${createHash('sha256').update(bytes).digest('hex')}.${EXTENSION[variant.format]}`);
    expect(variant.bytes).toBe(bytes.length);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: SHARP_FORMAT[variant.format], width: variant.width, height: variant.height });
    if (variant.format === 'avif') expect(metadata.compression).toBe('av1');
    expect(metadata.space).toBe('srgb');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(bytes.includes('AcmeCam')).toBe(false);
  }
}

async function expectPlaceholder(result: ProcessedImage): Promise<void> {
  const prefix = 'data:image/png;base64,';
  expect(result.placeholder.startsWith(prefix)).toBe(true);
  expect(result.placeholder.length).toBeLessThan(2048);
  const png = Buffer.from(result.placeholder.slice(prefix.length), 'base64');
  const metadata = await sharp(png).metadata();
  expect(metadata.format).toBe('png');
  expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(32);
}

async function leftovers(): Promise<string[]> {
  return (await readdir(imagesDir).catch(() => [])).filter((name) => name.startsWith('.') || name.endsWith('.tmp'));
}

describe('processImage', () => {
  it('turns a sideways photo upright, in sRGB, without EXIF, GPS or profile, never upscaled', async () => {
    const input = await sidewaysPhoto({ width: 2000, height: 1500, quality: 90 });
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ format: 'jpeg', width: 2000, height: 1500, orientation: 6 });
    expect(before.exif?.includes('AcmeCam')).toBe(true);
    expect(before.icc).toBeDefined();

    const result = await processFully(input, { uploadsDir });
    expect(result).toMatchObject({ hash: createHash('sha256').update(input).digest('hex'), width: 1500, height: 2000 });
    // 1500 wide: 1600 would be an upscale.
    await expectVariants(result, [320, 640, 1080]);
    await expectPlaceholder(result);
    expect(result.variants.find((variant) => variant.width === 320)?.height).toBe(427);

    // Turned 90° clockwise, the red left half becomes the top half.
    const small = await readVariant(result, 'jpeg', 320);
    expect(isRed(await pixel(small, 160, 100))).toBe(true);
    expect(isBlue(await pixel(small, 160, 330))).toBe(true);
    expect(isRed(await pixel(await readVariant(result, 'avif', 640), 20, 20))).toBe(true);
    expect(await leftovers()).toEqual([]);
  });

  it('keeps the transparency of a PNG in AVIF and WebP and puts the JPEG on white', async () => {
    const input = await solid(1700, 1000, { r: 10, g: 200, b: 10, alpha: 0.5 }, 4).png().toBuffer();
    const result = await processFully(input, { uploadsDir });
    expect(result).toMatchObject({ width: 1700, height: 1000 });
    await expectVariants(result, [320, 640, 1080, 1600]);
    await expectPlaceholder(result);
    expect((await sharp(await readVariant(result, 'avif', 320)).metadata()).hasAlpha).toBe(true);
    expect((await sharp(await readVariant(result, 'webp', 1600)).metadata()).hasAlpha).toBe(true);
    const jpeg = await readVariant(result, 'jpeg', 320);
    expect((await sharp(jpeg).metadata()).hasAlpha).toBe(false);
    // Half-transparent green over white.
    const { r, g, b } = await pixel(jpeg, 10, 10);
    expect(r).toBeGreaterThan(100);
    expect(g).toBeGreaterThan(200);
    expect(b).toBeGreaterThan(100);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const input = await animatedGif();
    expect(await sharp(input).metadata()).toMatchObject({ format: 'gif', pages: 2 });
    const result = await processFully(input, { uploadsDir });
    expect(result).toMatchObject({ width: 400, height: 300 });
    await expectVariants(result, [320]);
    for (const format of IMAGE_FORMATS) {
      const variant = await readVariant(result, format, 320);
      expect((await sharp(variant).metadata()).pages ?? 1).toBe(1);
      expect(isRed(await pixel(variant, 100, 100))).toBe(true);
    }
  });

  it('accepts a WebP', async () => {
    const input = await solid(700, 500, BLUE).webp().toBuffer();
    const result = await processFully(input, { uploadsDir });
    expect(result).toMatchObject({ width: 700, height: 500 });
    await expectVariants(result, [320, 640]);
    await expectPlaceholder(result);
  });

  it('makes one width, its own, of an image narrower than 320', async () => {
    const input = await solid(200, 150, RED).png().toBuffer();
    const result = await processFully(input, { uploadsDir });
    expect(result).toMatchObject({ width: 200, height: 150 });
    await expectVariants(result, [200]);
    expect(result.variants.every((variant) => variant.height === 150)).toBe(true);
  });

  it('keeps a very tall image to the widths whose pixels fit, and refuses a strip too tall to encode', async () => {
    // At 640 wide this would be 640×9891, 6.3 megapixels: over the cap.
    const tall = await processFully(await solid(1100, 17_000, BLUE).png().toBuffer(), { uploadsDir });
    await expectVariants(tall, [320]);
    expect(tall.variants.at(-1)).toMatchObject({ width: 320, height: 4945 });
    expect((await imageError(await solid(100, 20_000, BLUE).png().toBuffer())).message).toBe(UNREADABLE);
  });

  it('gives the same hash and file names when the same image comes twice', async () => {
    const input = await sidewaysPhoto({ width: 2000, height: 1500, quality: 90 });
    const elsewhere = await mkdtemp(join(tmpdir(), 'rigroast-images-'));
    try {
      const [first, second] = await Promise.all([
        processFully(input, { uploadsDir: elsewhere }),
        processFully(input, { uploadsDir: elsewhere }),
      ]);
      const third = await processFully(input, { uploadsDir: elsewhere });
      expect(second).toEqual(first);
      expect(third).toEqual(first);
      const names = first.variants.map((variant) => variant.fileName).sort();
      expect(new Set(names).size).toBe(9);
      expect((await readdir(join(elsewhere, 'private', 'images'))).sort()).toEqual(names);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('refuses what is not a JPEG, PNG, GIF or WebP by content', async () => {
    const tiff = await solid(10, 10, RED).tiff().toBuffer();
    for (const input of [tiff, ...notPictures()]) {
      expect((await imageError(input)).message).toBe(NOT_AN_IMAGE);
    }
  });

  it('refuses a truncated JPEG and a file that only starts like a PNG', async () => {
    for (const input of Object.values(await brokenImages())) {
      expect((await imageError(input)).message).toBe(UNREADABLE);
    }
  });

  it('refuses a decompression bomb from its header, fast and without decoding it', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });

    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    expect((await imageError(bomb)).message).toBe(TOO_LARGE);
    expect(performance.now() - started).toBeLessThan(500);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('writes nothing for a refused image and leaves no temporary files', async () => {
    const before = await readdir(imagesDir).catch(() => []);
    await imageError(await pngBomb(7000));
    await imageError(Buffer.from('nope'));
    expect(await readdir(imagesDir).catch(() => [])).toEqual(before);
    expect(await leftovers()).toEqual([]);
    for (const name of before) expect((await stat(join(imagesDir, name))).size).toBeGreaterThan(0);
  });
});

describe('the upload and its later variants', () => {
  it('answers with a 1080-wide JPEG and the placeholder, keeping the upload as it came in a private folder', async () => {
    const input = await sidewaysPhoto({ width: 2000, height: 1600, quality: 90 });
    const result = await processImage(input, { uploadsDir });
    expect(result).toMatchObject({ width: 1600, height: 2000, later: 11 });
    expect(result.variants.map(({ format, width, height }) => `${format} ${width}×${height}`)).toEqual(['jpeg 1080×1350']);
    await expectPlaceholder(result);
    const jpeg = await readVariant(result, 'jpeg', 1080);
    expect((await sharp(jpeg).metadata()).exif).toBeUndefined();
    expect(isRed(await pixel(jpeg, 540, 100))).toBe(true);
    // Byte for byte, beside (never inside) the folders variants are served from.
    expect(await readFile(join(uploadsDir, 'private', 'originals', result.hash))).toEqual(input);
  });

  it('makes every other variant from the original, JPEG and WebP in one batch, then each AVIF, and stops when told', async () => {
    const input = await solid(1700, 1000, { r: 200, g: 40, b: 40 }).jpeg().toBuffer();
    const first = await processImage(input, { uploadsDir });
    const original = join(uploadsDir, 'private', 'originals', first.hash);
    const batches: string[][] = [];
    const listed = (encoded: EncodedVariant[]) => encoded.map(({ format, width, height }) => `${format} ${width}×${height}`);
    await encodeLaterVariants(original, first.variants, async (encoded) => {
      batches.push(listed(encoded));
      for (const variant of encoded) {
        expect(await sharp(variant.data).metadata()).toMatchObject({ width: variant.width, height: variant.height });
      }
      return true;
    });
    expect(batches).toEqual([
      ['jpeg 320×188', 'jpeg 640×376', 'jpeg 1600×941', 'webp 320×188', 'webp 640×376', 'webp 1080×635', 'webp 1600×941'],
      ['avif 320×188'],
      ['avif 640×376'],
      ['avif 1080×635'],
      ['avif 1600×941'],
    ]);

    const stopped: string[][] = [];
    await encodeLaterVariants(original, first.variants, async (encoded) => {
      stopped.push(listed(encoded));
      return false;
    });
    expect(stopped).toHaveLength(1);
  });
});

describe('variantWidths', () => {
  it('gives landscape, square and portrait photos every width up to their own', () => {
    expect(variantWidths({ width: 4000, height: 3000 })).toEqual([320, 640, 1080, 1600]);
    expect(variantWidths({ width: 3840, height: 2160 })).toEqual([320, 640, 1080, 1600]);
    expect(variantWidths({ width: 3000, height: 3000 })).toEqual([320, 640, 1080, 1600]);
    expect(variantWidths({ width: 3000, height: 4000 })).toEqual([320, 640, 1080, 1600]);
    expect(variantWidths({ width: 4000, height: 6000 })).toEqual([320, 640, 1080, 1600]);
    expect(variantWidths({ width: 1500, height: 2000 })).toEqual([320, 640, 1080]);
  });

  it('keeps every variant of a tall image within MAX_VARIANT_PIXELS, however tall', () => {
    // A 9:16 phone portrait loses 1600 (1600×2844); the 40-megapixel strip of issue 13 keeps 320 (320×3277).
    expect(variantWidths({ width: 2160, height: 3840 })).toEqual([320, 640, 1080]);
    expect(variantWidths({ width: 1976, height: 20_233 })).toEqual([320]);
    for (const original of [
      { width: 1976, height: 20_233 },
      { width: 1000, height: 40_000 },
      { width: 250, height: 12_000 },
    ]) {
      const widths = variantWidths(original);
      expect(widths.length).toBeGreaterThan(0);
      for (const width of widths)
        expect(width * Math.round((width * original.height) / original.width)).toBeLessThanOrEqual(MAX_VARIANT_PIXELS);
    }
    // Narrower than 320 and over the cap: its own width narrowed until it fits.
    expect(variantWidths({ width: 300, height: 14_000 })).toEqual([286]);
  });

  it('gives an image narrower than every width its own, and a strip too tall to encode none', () => {
    expect(variantWidths({ width: 200, height: 150 })).toEqual([200]);
    expect(variantWidths({ width: 100, height: 20_000 })).toEqual([]);
  });
});

describe('processImage under load', () => {
  it('refuses at once, as busy (503 with a wait), an upload past the two running and sixteen waiting', async () => {
    const input = await solid(64, 48, BLUE).png().toBuffer();
    const results = await Promise.allSettled(Array.from({ length: 19 }, () => processImage(input, { uploadsDir })));
    expect(results.slice(0, 18).every((result) => result.status === 'fulfilled')).toBe(true);
    const refused = results[18];
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(UploadError);
    const error = (refused as PromiseRejectedResult).reason as UploadError;
    expect(error).toMatchObject({ status: 503, message: 'The server is busy with other photos. Please try again in a moment.' });
    expect(error.headers).toEqual({ 'Retry-After': '15' });

    // Once the line has moved, the same upload is taken.
    await expect(processImage(input, { uploadsDir })).resolves.toMatchObject({ width: 64, height: 48 });
  });
});

describe('rgbPixels', () => {
  it('gives three channels at each size asked, whatever the file holds', async () => {
    // A see-through greyscale PNG, 400×200: two channels of grey and alpha.
    const file = join(uploadsDir, 'grey.png');
    await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } } })
      .greyscale()
      .png()
      .toFile(file);

    const { square, within } = await rgbPixels(file, {
      square: { width: 32, height: 32, fit: 'fill' },
      within: { width: 100, height: 100, fit: 'inside' },
    });
    expect(square.shape).toEqual([32, 32, 3]);
    expect(within.shape).toEqual([50, 100, 3]);
    expect(within.data.length).toBe(50 * 100 * 3);
    // Grey in sRGB: three equal values (alpha dropped, not blended).
    const [red, green, blue] = within.data;
    expect(red).toBeGreaterThan(85);
    expect([green, blue]).toEqual([red, red]);
  });

  it('fails on a file that is no image', async () => {
    const file = join(uploadsDir, 'notes.png');
    await writeFile(file, 'not a photo');
    await expect(rgbPixels(file, { square: { width: 32, height: 32 } })).rejects.toThrow(/unsupported image format/);
  });
});
