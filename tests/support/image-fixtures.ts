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
