import { randomBytes } from 'node:crypto';
import { constants, crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

/**
 * A valid size×size one-bit greyscale PNG (20000² is 400 megapixels, over a
 * gigabyte once decoded to RGB) that is a few tens of kilobytes on disk. The
 * zero rows are streamed through the compressor so the test never holds them.
 */
export async function pngBomb(size = 20_000): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + Math.ceil(size / 8)); // filter byte + pixels
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < size; y += 1) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Files that are no picture by their content, whatever they are named: an SVG, a text file and an empty one. */
export function notPictures(): Uint8Array[] {
  return [
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
    Buffer.from('This is not a picture of a gaming PC, whatever its name (rig.jpg) says.\n'),
    new Uint8Array(),
  ];
}

/**
 * Files that look like images but cannot be decoded: a JPEG cut at 60% (busy
 * pixels, so the cut lands well past the header) and 200 bytes behind a PNG signature.
 */
export async function brokenImages(): Promise<{ truncatedJpeg: Buffer; fakePng: Buffer }> {
  const pixels = Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, index) => (index * 7919) % 251));
  const photo = await sharp(pixels, { raw: { width: 300, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
  return {
    truncatedJpeg: photo.subarray(0, Math.floor(photo.length * 0.6)),
    fakePng: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
  };
}

/**
 * A flat-colour 1976×20233 PNG with alpha: 40 megapixels (just under the limit)
 * in about 830 KB, ten times taller than wide. Decoded at full width it is
 * 160 MB; the shape a guest used to take the server's memory.
 */
export function tallPng(): Promise<Buffer> {
  return sharp({ create: { width: 1976, height: 20_233, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 0.6 } } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export const RED = { r: 255, g: 0, b: 0 };
export const BLUE = { r: 0, g: 0, b: 255 };

type Rgb = { r: number; g: number; b: number };

/**
 * A width×height JPEG, red on the left half and blue on the right, stored with
 * EXIF orientation 6 (turn 90° clockwise to view), GPS data, XMP and a Display P3 profile.
 */
export async function sidewaysPhoto({ width, height, quality }: { width: number; height: number; quality: number }): Promise<Buffer> {
  const blueHalf = await sharp({ create: { width: width / 2, height, channels: 3, background: BLUE } })
    .png()
    .toBuffer();
  const flat = await sharp({ create: { width, height, channels: 3, background: RED } })
    .composite([{ input: blueHalf, left: width / 2, top: 0 }])
    .png()
    .toBuffer();
  return sharp(flat)
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: 'AcmeCam', Model: 'Snoop 3000', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();
}

/** The colour at (x, y) of an image, as r/g/b. */
export async function pixel(image: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1 };
}

export const isRed = ({ r, g, b }: Rgb) => r > 200 && g < 60 && b < 60;
export const isBlue = ({ r, g, b }: Rgb) => b > 200 && r < 60 && g < 60;

/**
 * A phone-like 12 MP photo: 4000×3000 JPEG at quality 95 of a gradient with heavy
 * grain, about 8 MB (a phone's own files are 3–8 MB). `variant` changes one corner,
 * so each is a different upload; `width` makes a smaller one of the same kind.
 */
export async function phonePhoto({ variant = 0, width = 4000 }: { variant?: number; width?: number } = {}): Promise<Buffer> {
  const height = Math.round((width * 3) / 4);
  const grain = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 24) % 48;
      const index = (y * width + x) * 3;
      grain[index] = ((x * 255) / width + noise) & 255;
      grain[index + 1] = ((y * 255) / height + noise) & 255;
      grain[index + 2] = (128 + ((seed >>> 16) & 63)) & 255;
    }
  }
  grain.fill((variant * 11) & 255, 0, 3 * 64);
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * A real PNG of about 12.6 MB (noise does not compress), named as a phone's
 * screenshot would be: over the 10 MB photo limit, well within what the server
 * reads of a new build (five photos' worth). Made at test time, never committed.
 */
export async function oversizePng(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const [width, height] = [2048, 2150];
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name: 'big-screenshot.png', mimeType: 'image/png', buffer };
}

/** A fully saturated, full-brightness colour of the given hue. */
function hueColour(degrees: number): [number, number, number] {
  const channel = (n: number) => {
    const k = (n + degrees / 60) % 6;
    return Math.round(255 * (1 - Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [channel(5), channel(3), channel(1)];
}

/** A raw RGB picture painted pixel by pixel. */
function painted(width: number, height: number, paint: (x: number, y: number) => readonly [number, number, number]) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 3);
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/**
 * A dark build lit by RGB, as a 1200×900 JPEG: a near-black case with a glowing strip
 * of a different hue every 150 px (red, orange … pink), the way fans and strips light one.
 * `blur` softens it as a shaky hand would.
 */
export async function rgbBuildPhoto({ blur = 0 }: { blur?: number } = {}): Promise<Buffer> {
  const hues = [0, 45, 90, 135, 180, 225, 270, 315];
  const photo = painted(1200, 900, (x, y) =>
    x % 150 < 34 && y > 100 && y < 800 ? hueColour(hues[Math.floor(x / 150)] ?? 0) : [10, 10, 14],
  );
  return (blur > 0 ? photo.blur(blur) : photo).jpeg({ quality: 90 }).toBuffer();
}

/** A white build without RGB in an ordinary room, as a 1200×900 JPEG: a white case in the middle of grey walls. */
export async function whiteBuildPhoto(): Promise<Buffer> {
  return painted(1200, 900, (x, y) => (x > 400 && x < 800 && y > 150 && y < 800 ? [240, 240, 236] : [120, 122, 125]))
    .jpeg({ quality: 90 })
    .toBuffer();
}
