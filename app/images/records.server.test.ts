import { access, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import type { ProcessedImage } from './encode.server';
import { processFully } from '#tests/support/processed-images';
import { imageVariants, images } from '../../db/schema';
import { analysisFile, imageSources, largestVariantUrl, withAnalysisFile } from './records.server';
import { pruneUnusedImages } from './storage.server';
import { saveImage } from '~/models/uploads.server';
import { createTempUpload } from '~/models/temp-uploads.server';
import { aBuild, aMember } from '#tests/support/factories';

let uploadsDir: string;
/** 1700×1000: all four widths. */
let wide: ProcessedImage;
/** 700×500: 320 and 640. */
let medium: ProcessedImage;
/** 200×150: its own width only. */
let small: ProcessedImage;

const solidPng = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'rigroast-image-rows-'));
  [wide, medium, small] = await Promise.all([
    processFully(await solidPng(1700, 1000, '#336699'), { uploadsDir }),
    processFully(await solidPng(700, 500, '#993366'), { uploadsDir }),
    processFully(await solidPng(200, 150, '#669933'), { uploadsDir }),
  ]);
});

afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function rowCounts() {
  return {
    images: db().select({ n: count() }).from(images).get()?.n,
    variants: db().select({ n: count() }).from(imageVariants).get()?.n,
  };
}

/** Where an image no listed build shows yet is asked for. */
const PRIVATE = '/private-images/';

function url(image: ProcessedImage, format: 'avif' | 'webp' | 'jpeg', width: number, prefix = PRIVATE): string {
  const variant = image.variants.find((candidate) => candidate.format === format && candidate.width === width);
  if (!variant) throw new Error(`No ${format} variant ${width} wide`);
  return `${prefix}${variant.fileName}`;
}

function srcSet(image: ProcessedImage, format: 'avif' | 'webp' | 'jpeg', widths: number[], prefix = PRIVATE): string {
  return widths.map((width) => `${url(image, format, width, prefix)} ${width}w`).join(', ');
}

describe('saveImage', () => {
  it('inserts the image and all its variants', () => {
    const id = saveImage(wide);
    expect(db().select().from(images).where(eq(images.id, id)).get()).toMatchObject({
      hash: wide.hash,
      width: 1700,
      height: 1000,
      placeholder: wide.placeholder,
    });
    const variants = db().select().from(imageVariants).where(eq(imageVariants.imageId, id)).all();
    expect(variants).toHaveLength(12);
    expect(variants).toEqual(expect.arrayContaining(wide.variants.map((variant) => ({ ...variant, imageId: id }))));
  });

  it('returns the same id for the same image and adds nothing', () => {
    const id = saveImage(wide);
    const before = rowCounts();
    expect(saveImage(wide)).toBe(id);
    expect(saveImage({ ...wide, variants: [...wide.variants] })).toBe(id);
    expect(rowCounts()).toEqual(before);
    expect(saveImage(small)).not.toBe(id);
    expect(rowCounts()).toEqual({ images: 2, variants: 15 });
  });

  it('saves an image some of whose files another image also uses, listing every file for both', async () => {
    // Plain red at two sizes: the 320 and 640 variants come out byte for byte the same.
    const smaller = await processFully(await solidPng(700, 500, '#ff0000'), { uploadsDir });
    const larger = await processFully(await solidPng(1400, 1000, '#ff0000'), { uploadsDir });
    const shared = larger.variants.filter((variant) => smaller.variants.some((other) => other.fileName === variant.fileName));
    expect(shared.map((variant) => variant.width)).toContain(320);

    const smallerId = saveImage(smaller);
    const largerId = saveImage(larger);
    expect(largerId).not.toBe(smallerId);
    const listed = db().select().from(imageVariants).where(eq(imageVariants.imageId, largerId)).all();
    expect(listed).toHaveLength(larger.variants.length);
    const jpegs = larger.variants.filter((variant) => variant.format === 'jpeg');
    expect(imageSources([largerId]).get(largerId)?.srcSet.split(', ')).toHaveLength(jpegs.length);
  });
});

describe('imageSources', () => {
  it('gives AVIF then WebP sources and a JPEG fallback for several images in one query', () => {
    const wideId = saveImage(wide);
    const mediumId = saveImage(medium);
    const smallId = saveImage(small);
    const prepare = vi.spyOn(db().$client, 'prepare');

    const sources = imageSources([smallId, wideId, 9999, mediumId, wideId]);

    expect(prepare).toHaveBeenCalledTimes(1);
    expect([...sources.keys()].sort()).toEqual([wideId, mediumId, smallId].sort());
    expect(sources.has(9999)).toBe(false);

    const all = [320, 640, 1080, 1600];
    expect(sources.get(wideId)).toEqual({
      width: 1700,
      height: 1000,
      placeholder: wide.placeholder,
      sources: [
        { type: 'image/avif', srcSet: srcSet(wide, 'avif', all) },
        { type: 'image/webp', srcSet: srcSet(wide, 'webp', all) },
      ],
      src: url(wide, 'jpeg', 640),
      srcSet: srcSet(wide, 'jpeg', all),
    });
    expect(sources.get(wideId)?.sources[0]?.srcSet).toMatch(
      /^\/private-images\/[0-9a-f]{64}\.avif 320w, \/private-images\/[0-9a-f]{64}\.avif 640w, .+ 1080w, .+\.avif 1600w$/,
    );
    expect(sources.get(mediumId)).toMatchObject({
      width: 700,
      height: 500,
      src: url(medium, 'jpeg', 640),
      srcSet: srcSet(medium, 'jpeg', [320, 640]),
    });
    expect(sources.get(smallId)).toMatchObject({
      width: 200,
      height: 150,
      sources: [
        { type: 'image/avif', srcSet: srcSet(small, 'avif', [200]) },
        { type: 'image/webp', srcSet: srcSet(small, 'webp', [200]) },
      ],
      src: url(small, 'jpeg', 200),
      srcSet: `${url(small, 'jpeg', 200)} 200w`,
    });
  });

  it('names the public folder for a published image, whose files are cached for good', () => {
    const wideId = saveImage(wide);
    const smallId = saveImage(small);
    db().update(images).set({ published: true }).where(eq(images.id, wideId)).run();
    const sources = imageSources([wideId, smallId]);
    expect(sources.get(wideId)).toMatchObject({
      src: url(wide, 'jpeg', 640, '/uploads/images/'),
      srcSet: srcSet(wide, 'jpeg', [320, 640, 1080, 1600], '/uploads/images/'),
    });
    expect(sources.get(smallId)?.src).toBe(url(small, 'jpeg', 200));
    expect(largestVariantUrl(wideId)).toBe(url(wide, 'jpeg', 1600, '/uploads/images/'));
  });

  it('asks nothing for no ids', () => {
    const prepare = vi.spyOn(db().$client, 'prepare');
    expect(imageSources([]).size).toBe(0);
    expect(prepare).not.toHaveBeenCalled();
  });
});

describe('largestVariantUrl', () => {
  it('names the widest variant in the format asked for, JPEG by default', () => {
    const wideId = saveImage(wide);
    const smallId = saveImage(small);
    expect(largestVariantUrl(wideId)).toBe(url(wide, 'jpeg', 1600));
    expect(largestVariantUrl(wideId, 'avif')).toBe(url(wide, 'avif', 1600));
    expect(largestVariantUrl(wideId, 'webp')).toBe(url(wide, 'webp', 1600));
    expect(largestVariantUrl(smallId)).toBe(url(small, 'jpeg', 200));
    expect(largestVariantUrl(9999)).toBeNull();
  });
});

describe('housekeeping of unused images', () => {
  it('deletes images no build or guest upload uses after a day, with the files no other image shares', async () => {
    vi.stubEnv('UPLOADS_DIR', uploadsDir);
    vi.stubEnv('SCREENING', 'off');
    resetEnv();
    const user = aMember({ username: 'keeper', email: 'keeper@example.com' });
    const usedId = saveImage(wide);
    const waitingId = saveImage(medium);
    saveImage(small);
    await aBuild({ userId: user.id, title: 'Kept', imageId: usedId });
    createTempUpload({ imageId: waitingId, title: '' });
    const file = (image: ProcessedImage, folder = join('private', 'images')) => join(uploadsDir, folder, image.variants[0]!.fileName);
    const day = 24 * 3600_000;

    // A new image may still be on its way to becoming a build.
    expect(await pruneUnusedImages(Date.now())).toBe(0);
    expect(await pruneUnusedImages(Date.now() + day + 1000)).toBe(small.variants.length);
    expect(
      db()
        .select({ id: images.id })
        .from(images)
        .orderBy(images.id)
        .all()
        .map((row) => row.id),
    ).toEqual([usedId, waitingId]);
    await expect(access(file(small))).rejects.toThrow();
    // Listed at once (screening is off): published.
    await access(file(wide, 'images'));
    await access(file(medium));
    vi.unstubAllEnvs();
    resetEnv();
  });
});

describe('analysisFile', () => {
  it('picks the widest JPEG no wider than asked, else the narrowest, in whichever folder holds it', () => {
    vi.stubEnv('UPLOADS_DIR', uploadsDir);
    resetEnv();
    const id = saveImage(medium);
    const jpeg = (width: number) => medium.variants.find((v) => v.format === 'jpeg' && v.width === width)!.fileName;
    expect(analysisFile(id)).toBe(join(uploadsDir, 'private', 'images', jpeg(640)));
    expect(analysisFile(id, 100)).toBe(join(uploadsDir, 'private', 'images', jpeg(320)));
    // Published while its files are still on their way: the private copy is read.
    db().update(images).set({ published: true }).where(eq(images.id, id)).run();
    expect(analysisFile(id)).toBe(join(uploadsDir, 'private', 'images', jpeg(640)));
    expect(analysisFile(id + 1)).toBeNull();
    vi.unstubAllEnvs();
    resetEnv();
  });
});

describe('withAnalysisFile', () => {
  it('reads the photo again where it went when its files move while a job reads them (a build listed meanwhile)', async () => {
    vi.stubEnv('UPLOADS_DIR', uploadsDir);
    resetEnv();
    const id = saveImage(await processFully(await solidPng(300, 200, '#123456'), { uploadsDir }));
    const seen: string[] = [];
    const bytes = await withAnalysisFile(id, async (file) => {
      seen.push(file);
      if (seen.length === 1) {
        // Published between finding the file and opening it.
        await mkdir(join(uploadsDir, 'images'), { recursive: true });
        await rename(file, join(uploadsDir, 'images', file.split('/').pop()!));
        db().update(images).set({ published: true }).where(eq(images.id, id)).run();
      }
      return readFile(file);
    });
    expect(bytes?.length).toBeGreaterThan(0);
    expect(seen).toEqual([
      join(uploadsDir, 'private', 'images', seen[0]!.split('/').pop()!),
      join(uploadsDir, 'images', seen[0]!.split('/').pop()!),
    ]);
    expect(await withAnalysisFile(id + 1, readFile)).toBeNull();
    vi.unstubAllEnvs();
    resetEnv();
  });

  it('passes on a failure that is not about the file moving, without trying again', async () => {
    vi.stubEnv('UPLOADS_DIR', uploadsDir);
    resetEnv();
    const id = saveImage(medium);
    let calls = 0;
    await expect(
      withAnalysisFile(id, async () => {
        calls += 1;
        throw new Error('model exploded');
      }),
    ).rejects.toThrow('model exploded');
    expect(calls).toBe(1);
    vi.unstubAllEnvs();
    resetEnv();
  });
});
