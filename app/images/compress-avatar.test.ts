import { rejectionOf } from '#tests/support/rejection';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_TARGET_BYTES,
  compressAvatar,
  fitWithin,
  type ImageCodec,
  ImageProcessingError,
  type OutputType,
  processingErrorMessage,
} from './compress-avatar';

const UNSUPPORTED = 'Unsupported format: Please upload a JPEG, PNG, or WebP image file.';
const TOO_LARGE = 'Image is too large. Please try a smaller image (max 40 megapixels).';
const UNREADABLE = 'Unable to process this image. Please try a different file.';
const KB = 1024;

type Surface = { width: number; height: number };
type Encoding = { type: OutputType; quality: number; width: number; height: number };

/**
 * A codec without a canvas: the decoded image has the given size, and an
 * encoding weighs whatever `sizeOf` says for its type and quality.
 */
function fakeCodec({
  width,
  height,
  sizeOf = () => 100 * KB,
  webp = true,
  failDecode = false,
}: {
  width: number;
  height: number;
  sizeOf?: (type: OutputType, quality: number) => number;
  webp?: boolean;
  failDecode?: boolean;
}) {
  const draws: Surface[] = [];
  const encodings: Encoding[] = [];
  let closed = 0;
  const codec: ImageCodec<Surface> = {
    async decode() {
      if (failDecode) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      return {
        width,
        height,
        draw(drawWidth, drawHeight) {
          const surface = { width: drawWidth, height: drawHeight };
          draws.push(surface);
          return surface;
        },
        close: () => void closed++,
      };
    },
    async encode(surface, type, quality) {
      encodings.push({ type, quality, ...surface });
      // A browser that cannot write WebP hands back a PNG.
      const produced = type === 'image/webp' && !webp ? 'image/png' : type;
      return new Blob([new Uint8Array(sizeOf(type, quality))], { type: produced });
    },
  };
  return { codec, draws, encodings, closed: () => closed };
}

function photo(name = 'rig.jpg', type = 'image/jpeg'): File {
  return new File([new Uint8Array(10)], name, { type });
}

describe('compressAvatar', () => {
  it('encodes a small image once as WebP at quality 0.8, at its own size', async () => {
    const fake = fakeCodec({ width: 800, height: 600 });
    const file = await compressAvatar(photo('My Rig.final.JPG'), fake.codec);
    expect(fake.draws).toEqual([{ width: 800, height: 600 }]);
    expect(fake.encodings).toEqual([{ type: 'image/webp', quality: 0.8, width: 800, height: 600 }]);
    expect(file).toBeInstanceOf(File);
    expect(file).toMatchObject({ name: 'My Rig.final.webp', type: 'image/webp', size: 100 * KB });
    expect(fake.closed()).toBe(1);
  });

  it('scales a large image to fit 1024×1024, keeping its aspect ratio', async () => {
    const landscape = fakeCodec({ width: 4000, height: 3000 });
    await compressAvatar(photo(), landscape.codec);
    expect(landscape.draws).toEqual([{ width: 1024, height: 768 }]);

    const portrait = fakeCodec({ width: 3000, height: 4000 });
    await compressAvatar(photo(), portrait.codec);
    expect(portrait.draws).toEqual([{ width: 768, height: 1024 }]);
  });

  it('never upscales', () => {
    expect(fitWithin(200, 100)).toEqual({ width: 200, height: 100 });
    expect(fitWithin(1024, 1024)).toEqual({ width: 1024, height: 1024 });
    expect(fitWithin(1025, 10)).toEqual({ width: 1024, height: 10 });
    expect(fitWithin(20_000, 1)).toEqual({ width: 1024, height: 1 });
  });

  it('lowers the quality by 20% at a time until the WebP fits in 800 KB', async () => {
    // 0.8 → 1000 KB, 0.64 → 900 KB, 0.512 → 820 KB, 0.4096 → 700 KB.
    const fake = fakeCodec({
      width: 2000,
      height: 2000,
      sizeOf: (_type, quality) => (quality > 0.7 ? 1000 : quality > 0.6 ? 900 : quality > 0.5 ? 820 : 700) * KB,
    });
    const file = await compressAvatar(photo(), fake.codec);
    const qualities = fake.encodings.map((encoding) => encoding.quality);
    expect(qualities).toHaveLength(4);
    [0.8, 0.64, 0.512, 0.4096].forEach((quality, index) => expect(qualities[index]).toBeCloseTo(quality, 10));
    expect(fake.encodings.every((encoding) => encoding.type === 'image/webp')).toBe(true);
    expect(file).toMatchObject({ type: 'image/webp', name: 'rig.webp', size: 700 * KB });
    expect(file.size).toBeLessThanOrEqual(AVATAR_TARGET_BYTES);
  });

  it('falls back to JPEG at the last quality after 5 reductions', async () => {
    const fake = fakeCodec({
      width: 1024,
      height: 1024,
      sizeOf: (type) => (type === 'image/webp' ? 900 * KB : 500 * KB),
    });
    const file = await compressAvatar(photo('rig.png', 'image/png'), fake.codec);
    expect(fake.encodings.map((encoding) => encoding.type)).toEqual([...Array<OutputType>(6).fill('image/webp'), 'image/jpeg']);
    const last = fake.encodings.at(-1);
    expect(last?.quality).toBeCloseTo(0.8 ** 6, 10);
    expect(fake.encodings.at(-2)?.quality).toBeCloseTo(0.8 ** 6, 10);
    expect(file).toMatchObject({ type: 'image/jpeg', name: 'rig.jpg', size: 500 * KB });
  });

  it('falls back to JPEG at quality 0.8 when the browser cannot encode WebP', async () => {
    const fake = fakeCodec({ width: 640, height: 480, webp: false });
    const file = await compressAvatar(photo('rig.webp', 'image/webp'), fake.codec);
    expect(fake.encodings.map(({ type, quality }) => [type, quality])).toEqual([
      ['image/webp', 0.8],
      ['image/jpeg', 0.8],
    ]);
    expect(file).toMatchObject({ type: 'image/jpeg', name: 'rig.jpg' });
  });

  it('refuses an image over 40 megapixels with a message that becomes the documented text', async () => {
    const fake = fakeCodec({ width: 8000, height: 6000 });
    const error = await rejectionOf(compressAvatar(photo(), fake.codec), ImageProcessingError);
    expect(error.message).toContain('40MP');
    expect(processingErrorMessage(error)).toEqual({ title: 'Processing failed', description: TOO_LARGE });
    expect(fake.draws).toEqual([]);
    expect(fake.closed()).toBe(1);

    const exactly = fakeCodec({ width: 8000, height: 5000 });
    await compressAvatar(photo(), exactly.codec);
    expect(exactly.draws).toEqual([{ width: 1024, height: 640 }]);
  });

  it('refuses a type other than JPEG, PNG or WebP without decoding it', async () => {
    for (const type of ['image/gif', 'image/svg+xml', 'image/heic', 'text/plain', '']) {
      const fake = fakeCodec({ width: 10, height: 10 });
      const error = await rejectionOf(compressAvatar(photo('rig.gif', type), fake.codec), ImageProcessingError);
      expect(error.message).toBe(UNSUPPORTED);
      expect(processingErrorMessage(error).description).toBe(UNSUPPORTED);
      expect(fake.encodings).toEqual([]);
    }
  });

  it('reports an image the browser cannot decode as unreadable', async () => {
    const fake = fakeCodec({ width: 10, height: 10, failDecode: true });
    const error = await rejectionOf(compressAvatar(photo(), fake.codec), ImageProcessingError);
    expect(processingErrorMessage(error).description).toBe(UNREADABLE);
  });
});

describe('processingErrorMessage', () => {
  it.each([
    [new Error('Image exceeds 40MP limit'), TOO_LARGE],
    [new Error('Canvas too large'), TOO_LARGE],
    [new Error('Failed to load image'), UNREADABLE],
    [new Error('The file is corrupted'), UNREADABLE],
    [new DOMException('The source image could not be decoded.', 'InvalidStateError'), UNREADABLE],
    [new ImageProcessingError(UNSUPPORTED), UNSUPPORTED],
    [new Error('boom'), 'Failed to process image'],
    ['a string, not an Error', 'Failed to process image'],
    [undefined, 'Failed to process image'],
  ])('maps %s', (error, description) => {
    expect(processingErrorMessage(error)).toEqual({ title: 'Processing failed', description });
  });
});
