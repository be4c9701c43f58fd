import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BLUE, brokenImages, isBlue, isRed, notPictures, pixel, pngBomb, RED, sidewaysPhoto } from '#tests/support/image-fixtures';
import { rejectionOf } from '#tests/support/rejection';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AvatarError, processAvatar } from './avatars.server';

const UNSUPPORTED = 'Unsupported format: Please upload a JPEG, PNG, or WebP image file.';
const TOO_LARGE = 'Image is too large. Please try a smaller image (max 40 megapixels).';
const UNREADABLE = 'Unable to process this image. Please try a different file.';

let uploadsDir: string;

beforeEach(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'rigroast-avatars-'));
});

afterEach(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

function avatarError(input: Uint8Array): Promise<AvatarError> {
  return rejectionOf(processAvatar(input, { uploadsDir }), AvatarError);
}

async function filesIn(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => []);
}

describe('processAvatar', () => {
  it('turns a rotated JPEG into an upright 256×256 WebP without metadata', async () => {
    const input = await sidewaysPhoto({ width: 400, height: 200, quality: 95 });
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ format: 'jpeg', width: 400, height: 200, orientation: 6 });
    expect(before.exif?.includes('AcmeCam')).toBe(true);
    expect(before.icc).toBeDefined();

    const result = await processAvatar(input, { uploadsDir });
    const output = await readFile(join(uploadsDir, 'avatars', result.fileName));
    const after = await sharp(output).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(output.includes('AcmeCam')).toBe(false);
    expect(output.includes('GPS')).toBe(false);

    // Turned 90° clockwise, the red left half becomes the top: the top row is red
    // from edge to edge and the bottom row blue. Unturned, the left would be red and the right blue.
    expect(isRed(await pixel(output, 20, 20))).toBe(true);
    expect(isRed(await pixel(output, 235, 20))).toBe(true);
    expect(isBlue(await pixel(output, 20, 235))).toBe(true);
    expect(isBlue(await pixel(output, 235, 235))).toBe(true);
  });

  it('stores the file under its SHA-256 and returns its public URL', async () => {
    const result = await processAvatar(await sidewaysPhoto({ width: 400, height: 200, quality: 95 }), { uploadsDir });
    const output = await readFile(join(uploadsDir, 'avatars', result.fileName));
    const hash = createHash('sha256').update(output).digest('hex');
    expect(result).toEqual({ fileName: `${hash}.webp`, url: `/uploads/avatars/${hash}.webp`, bytes: output.length });
  });

  it('writes the same avatar once, harmlessly, and leaves no temporary files', async () => {
    const input = await sidewaysPhoto({ width: 400, height: 200, quality: 95 });
    const first = await processAvatar(input, { uploadsDir });
    const again = await Promise.all([processAvatar(input, { uploadsDir }), processAvatar(input, { uploadsDir })]);
    expect(again).toEqual([first, first]);
    expect(await filesIn(join(uploadsDir, 'avatars'))).toEqual([first.fileName]);
  });

  it('keeps the transparency of a PNG', async () => {
    const input = await sharp({
      create: { width: 300, height: 500, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const result = await processAvatar(input, { uploadsDir });
    const output = await readFile(join(uploadsDir, 'avatars', result.fileName));
    expect(await sharp(output).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256, hasAlpha: true });
  });

  it('accepts a WebP and upscales a small image to 256×256', async () => {
    const input = await sharp({ create: { width: 64, height: 48, channels: 3, background: BLUE } })
      .webp()
      .toBuffer();
    const result = await processAvatar(input, { uploadsDir });
    const output = await readFile(join(uploadsDir, 'avatars', result.fileName));
    expect(await sharp(output).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('refuses a GIF, an SVG and a text file named .jpg', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    for (const input of [gif, ...notPictures()]) {
      expect((await avatarError(input)).message).toBe(UNSUPPORTED);
    }
  });

  it('refuses a truncated JPEG and a file that only starts like a PNG', async () => {
    for (const input of Object.values(await brokenImages())) {
      expect((await avatarError(input)).message).toBe(UNREADABLE);
    }
  });

  it('refuses an image over 40 megapixels before decoding it', async () => {
    const bomb = await pngBomb(8000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 8000, height: 8000 });
    expect((await avatarError(bomb)).message).toBe(TOO_LARGE);
  });

  it('writes nothing for a refused image', async () => {
    await avatarError(await pngBomb(8000));
    await avatarError(Buffer.from('nope'));
    expect(await filesIn(join(uploadsDir, 'avatars'))).toEqual([]);
  });
});
