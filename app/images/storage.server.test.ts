import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { builds, imageVariants, images } from '../../db/schema';
import { db } from '~/services/db.server';
import { type ProcessedImage, processImage } from './encode.server';
import { processFully } from '#tests/support/processed-images';
import { approveBuild } from '~/models/builds.server';
import { imageSources, makeLaterVariants } from './records.server';
import { viewableImageFile } from './serve.server';
import { pruneOrphanFiles, reconcileImageFiles, settleImageFiles } from './storage.server';
import { saveImage } from '~/models/uploads.server';
import { createTempUpload } from '~/models/temp-uploads.server';
import { aBuild, aMember } from '#tests/support/factories';
import { freshUploadsDir } from '#tests/support/uploads-dir';

const uploadsFolder = freshUploadsDir('image-storage', { SCREENING: 'auto' });
let ownerId: number;

beforeEach(() => {
  ownerId = aMember({ username: 'owner', email: 'owner@example.com' }).id;
});

const photo = async (width: number, height: number, background: string) =>
  processFully(
    await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer(),
    { uploadsDir: uploadsFolder() },
  );

const names = (image: ProcessedImage) => [...new Set(image.variants.map((variant) => variant.fileName))];
const inPublic = (name: string) => existsSync(join(uploadsFolder(), 'images', name));
const inPrivate = (name: string) => existsSync(join(uploadsFolder(), 'private', 'images', name));
const setStatus = (buildId: number, reviewStatus: 'pending' | 'approved' | 'held' | 'rejected') =>
  db().update(builds).set({ reviewStatus }).where(eq(builds.id, buildId)).run();
const published = (imageId: number) =>
  db().select({ published: images.published }).from(images).where(eq(images.id, imageId)).get()?.published;

async function buildWith(image: ProcessedImage, userId = ownerId) {
  const imageId = saveImage(image);
  return { imageId, buildId: await aBuild({ userId, title: 'Rig', imageId }) };
}

describe("where an image's files live", () => {
  it("keeps a new build's photo private, publishes it on approval and takes it back when hidden", async () => {
    const image = await photo(900, 600, '#224466');
    const { imageId, buildId } = await buildWith(image);
    expect(names(image).every((name) => inPrivate(name) && !inPublic(name))).toBe(true);
    expect(imageSources([imageId]).get(imageId)?.src).toMatch(/^\/private-images\//);

    await approveBuild(buildId);
    expect(names(image).every((name) => inPublic(name) && !inPrivate(name))).toBe(true);
    expect(published(imageId)).toBe(true);
    expect(imageSources([imageId]).get(imageId)?.src).toMatch(/^\/uploads\/images\//);

    setStatus(buildId, 'held');
    await settleImageFiles([imageId]);
    expect(names(image).every((name) => inPrivate(name) && !inPublic(name))).toBe(true);
    expect(published(imageId)).toBe(false);
  });

  it('leaves a file in the public folder while another listed image still shows it', async () => {
    // Plain red at two sizes: the 320 and 640 variants come out byte for byte the same.
    const smaller = await photo(700, 500, '#ff0000');
    const larger = await photo(1400, 1000, '#ff0000');
    const shared = names(larger).filter((name) => names(smaller).includes(name));
    expect(shared.length).toBeGreaterThan(0);
    const a = await buildWith(smaller);
    const b = await buildWith(larger);
    await approveBuild(a.buildId);
    await approveBuild(b.buildId);

    setStatus(b.buildId, 'held');
    await settleImageFiles([b.imageId]);
    for (const name of shared) expect(inPublic(name), name).toBe(true);
    for (const name of names(larger).filter((name) => !shared.includes(name))) expect(inPrivate(name) && !inPublic(name), name).toBe(true);

    // Rejected, its own files go; the shared ones stay for the listed image.
    setStatus(b.buildId, 'rejected');
    await settleImageFiles([b.imageId]);
    for (const name of shared) expect(inPublic(name), name).toBe(true);
    for (const name of names(larger).filter((name) => !shared.includes(name))) expect(inPrivate(name) || inPublic(name), name).toBe(false);
  });

  it('deletes the files and variants of a photo only rejected builds use, and the same photo sent again brings them back', async () => {
    const image = await photo(800, 600, '#663399');
    const { imageId, buildId } = await buildWith(image);
    setStatus(buildId, 'rejected');
    await settleImageFiles([imageId]);
    expect(names(image).some((name) => inPrivate(name) || inPublic(name))).toBe(false);
    expect(db().select().from(imageVariants).where(eq(imageVariants.imageId, imageId)).all()).toEqual([]);
    expect(db().select({ placeholder: images.placeholder }).from(images).where(eq(images.id, imageId)).get()?.placeholder).toBe('');
    expect(imageSources([imageId]).has(imageId)).toBe(false);

    const again = await photo(800, 600, '#663399');
    expect(saveImage(again)).toBe(imageId);
    createTempUpload({ imageId, title: '' });
    await settleImageFiles([imageId]);
    expect(imageSources([imageId]).get(imageId)?.src).toMatch(/^\/private-images\//);
    expect(names(again).every(inPrivate)).toBe(true);
  });

  it('puts every image right after an upgrade, when all files were public', async () => {
    const heldImage = await photo(640, 480, '#123456');
    const listedImage = await photo(640, 480, '#654321');
    const held = await buildWith(heldImage);
    const listed = await buildWith(listedImage);
    setStatus(held.buildId, 'held');
    setStatus(listed.buildId, 'approved');
    // As migration 0006 leaves an older install: every file public, every image marked so.
    await mkdir(join(uploadsFolder(), 'images'), { recursive: true });
    for (const name of [...names(heldImage), ...names(listedImage)]) {
      await rename(join(uploadsFolder(), 'private', 'images', name), join(uploadsFolder(), 'images', name));
    }
    db().update(images).set({ published: true }).run();

    expect(await reconcileImageFiles()).toBe(1);
    expect(names(heldImage).every((name) => inPrivate(name) && !inPublic(name))).toBe(true);
    expect(names(listedImage).every((name) => inPublic(name) && !inPrivate(name))).toBe(true);
    expect(published(held.imageId)).toBe(false);
    expect(await reconcileImageFiles()).toBe(0);
  });
});

describe('pruneOrphanFiles', () => {
  it('deletes private files nothing names once they are a day old, and nothing else', async () => {
    const image = await photo(400, 300, '#445566');
    saveImage(image);
    const orphan = await photo(420, 300, '#665544');
    const young = await photo(440, 300, '#556644');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    for (const name of [...names(image), ...names(orphan)]) await utimes(join(uploadsFolder(), 'private', 'images', name), dayAgo, dayAgo);

    expect(await pruneOrphanFiles()).toBe(names(orphan).length);
    expect(names(orphan).some(inPrivate)).toBe(false);
    expect(names(image).every(inPrivate)).toBe(true);
    expect(names(young).every(inPrivate)).toBe(true);
  });
});

describe('viewableImageFile', () => {
  it('gives an unlisted photo to its owner, staff and the browser that sent it, and to nobody else', async () => {
    const image = await photo(500, 400, '#aa5500');
    const { imageId, buildId } = await buildWith(image);
    const file = image.variants[0]!.fileName;
    const member = (id: number, roles: { isAdmin?: boolean; isModerator?: boolean } = {}) => ({
      id,
      isAdmin: false,
      isModerator: false,
      ...roles,
    });
    const stranger = aMember({ username: 'stranger', email: 'stranger@example.com' }).id;

    expect(await viewableImageFile(file, member(ownerId), null)).toBe(join(uploadsFolder(), 'private', 'images', file));
    expect(await viewableImageFile(file, member(stranger, { isModerator: true }), null)).not.toBeNull();
    expect(await viewableImageFile(file, member(stranger, { isAdmin: true }), null)).not.toBeNull();
    expect(await viewableImageFile(file, member(stranger), null)).toBeNull();
    expect(await viewableImageFile(file, null, null)).toBeNull();
    expect(await viewableImageFile(file, null, imageId + 1)).toBeNull();
    expect(await viewableImageFile('../../sqlite.db', member(ownerId), null)).toBeNull();

    const guestImage = await photo(300, 200, '#00aa55');
    const guestImageId = saveImage(guestImage);
    createTempUpload({ imageId: guestImageId, title: '' });
    const guestFile = guestImage.variants[0]!.fileName;
    expect(await viewableImageFile(guestFile, null, guestImageId)).not.toBeNull();
    // A guest's upload belongs to no build: staff have no business with it.
    expect(await viewableImageFile(guestFile, member(stranger, { isAdmin: true }), null)).toBeNull();

    await approveBuild(buildId);
    expect(await viewableImageFile(file, null, null)).toBe(join(uploadsFolder(), 'images', file));
  });
});

describe('variants made after the upload', () => {
  const upload = async (background: string) =>
    processImage(
      await sharp({ create: { width: 1400, height: 1000, channels: 3, background } })
        .png()
        .toBuffer(),
      { uploadsDir: uploadsFolder() },
    );
  const namesOf = (imageId: number) =>
    db()
      .select({ fileName: imageVariants.fileName })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, imageId))
      .all()
      .map((row) => row.fileName);
  const hasOriginal = (image: ProcessedImage) => existsSync(join(uploadsFolder(), 'private', 'originals', image.hash));

  // 1400 wide: 320, 640 and 1080 in three formats.
  it('stay private while the photo waits for screening, and are published with the rest', async () => {
    const image = await upload('#225588');
    const { imageId, buildId } = await buildWith(image);
    await makeLaterVariants(imageId);
    expect(namesOf(imageId)).toHaveLength(9);
    expect(namesOf(imageId).every((name) => inPrivate(name) && !inPublic(name))).toBe(true);
    expect(hasOriginal(image)).toBe(false);

    await approveBuild(buildId);
    expect(namesOf(imageId).every((name) => inPublic(name) && !inPrivate(name))).toBe(true);
  });

  it('go public at once for a photo listed before they were made', async () => {
    const image = await upload('#885522');
    const { imageId, buildId } = await buildWith(image);
    await approveBuild(buildId);
    await makeLaterVariants(imageId);
    expect(namesOf(imageId)).toHaveLength(9);
    expect(namesOf(imageId).every((name) => inPublic(name) && !inPrivate(name))).toBe(true);
    expect(
      imageSources([imageId])
        .get(imageId)
        ?.sources.map((source) => source.type),
    ).toEqual(['image/avif', 'image/webp']);
  });

  it('are not made for a photo rejected before their turn, whose original goes too', async () => {
    const image = await upload('#558822');
    const { imageId, buildId } = await buildWith(image);
    setStatus(buildId, 'rejected');
    await settleImageFiles([imageId]);
    await makeLaterVariants(imageId);
    expect(namesOf(imageId)).toEqual([]);
    expect(hasOriginal(image)).toBe(false);
    expect(await readdir(join(uploadsFolder(), 'private', 'images'))).toEqual([]);
  });
});
