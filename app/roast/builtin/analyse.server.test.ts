import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analysePhoto } from './analyse.server';

type Rgb = readonly [number, number, number];

/** A raw RGB canvas the test paints pixel by pixel, then encodes. */
function canvas(width: number, height: number, paint: (x: number, y: number) => Rgb) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 3);
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A fully saturated, full-brightness colour of the given hue. */
function hue(degrees: number): Rgb {
  const channel = (n: number) => {
    const k = (n + degrees / 60) % 6;
    return Math.round(255 * (1 - Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [channel(5), channel(3), channel(1)];
}

const checker =
  (size: number) =>
  (x: number, y: number): Rgb =>
    (Math.floor(x / size) + Math.floor(y / size)) % 2 ? [235, 235, 235] : [20, 20, 20];

describe('analysePhoto', () => {
  it('sees a dark case lit by stripes of many hues as lots of RGB', async () => {
    const stripes = [0, 45, 90, 135, 180, 225, 270, 315];
    const photo = canvas(800, 600, (x) => (x % 100 < 22 ? hue(stripes[Math.floor(x / 100)] ?? 0) : [8, 8, 12]));
    const analysis = await analysePhoto(await photo.jpeg({ quality: 90 }).toBuffer());
    expect(['lots', 'overload']).toContain(analysis.rgb);
    expect(analysis.dark).toBe(true);
    expect(analysis.hueSpread).toBeGreaterThanOrEqual(0.8);
    expect(analysis.colours[0]).toBe('black');
  });

  it('sees no RGB in a flat mid-grey photo', async () => {
    const analysis = await analysePhoto(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 128, g: 128, b: 128 } } })
        .png()
        .toBuffer(),
    );
    expect(analysis.rgb).toBe('none');
    expect(analysis.hueSpread).toBe(0);
    expect(analysis.dark).toBe(false);
    expect(analysis.bright).toBe(false);
    expect(analysis.colours).toEqual(['grey']);
  });

  it('calls one strong hue some or lots of RGB, never an overload', async () => {
    const photo = canvas(600, 400, (x) => (x < 200 ? hue(280) : [30, 30, 30]));
    const analysis = await analysePhoto(await photo.png().toBuffer());
    expect(analysis.hueSpread).toBe(0);
    expect(analysis.rgb).toBe('lots');
    expect(analysis.colours.slice(0, 2)).toEqual(['black', 'purple']);
  });

  it('tells a sharp checkerboard from a heavily blurred one', async () => {
    const sharpPhoto = await analysePhoto(await canvas(1080, 810, checker(40)).jpeg({ quality: 90 }).toBuffer());
    expect(sharpPhoto.blurry).toBe(false);
    expect(sharpPhoto.sharpness).toBeGreaterThan(0.5);
    const blurred = await analysePhoto(await canvas(1080, 810, checker(120)).blur(12).jpeg({ quality: 90 }).toBuffer());
    expect(blurred.blurry).toBe(true);
    expect(blurred.sharpness).toBeLessThan(0.2);
  });

  it('does not call a featureless photo blurry', async () => {
    const analysis = await analysePhoto(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#404040' } })
        .png()
        .toBuffer(),
    );
    expect(analysis).toMatchObject({ blurry: false, sharpness: 0, orientation: 'square' });
  });

  it('reads the size and orientation, EXIF rotation included', async () => {
    const tall = await analysePhoto(await canvas(600, 1000, checker(50)).webp().toBuffer());
    expect(tall).toMatchObject({ width: 600, height: 1000, megapixels: 0.6, orientation: 'portrait' });
    const sideways = await canvas(1000, 600, checker(50)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await analysePhoto(sideways)).toMatchObject({ width: 600, height: 1000, orientation: 'portrait' });
    expect((await analysePhoto(await canvas(1200, 600, checker(50)).png().toBuffer())).orientation).toBe('landscape');
  });

  it('names white first in a mostly white photo, and calls it bright', async () => {
    const photo = canvas(800, 600, (x, y) => (x > 300 && x < 500 && y > 200 && y < 400 ? [20, 20, 24] : [246, 246, 244]));
    const analysis = await analysePhoto(await photo.jpeg().toBuffer());
    expect(analysis.colours[0]).toBe('white');
    expect(analysis.bright).toBe(true);
    expect(analysis.rgb).toBe('none');
  });

  it('reads a file path as well as bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rigroast-analyse-'));
    try {
      const file = join(dir, 'build.png');
      await canvas(320, 240, checker(20)).png().toFile(file);
      expect(await analysePhoto(file)).toMatchObject({ width: 320, height: 240, blurry: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
