import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type SharpOptions } from 'sharp';
import { log } from '~/services/log.server';
import { AVATAR_ERROR_MESSAGES } from '~/utils/compress-image';
import { AVATAR_MAX_MEGAPIXELS } from '~/utils/constants';

export const AVATAR_SIZE = 256;
const AVATAR_WEBP_QUALITY = 80;

export class AvatarError extends Error {
  override name = 'AvatarError';
}

type AcceptedFormat = 'jpeg' | 'png' | 'webp';

/**
 * The format named by the file's signature. Checked before sharp sees the
 * bytes so that no other decoder (SVG, TIFF, HEIF, PDF…) ever runs on them.
 */
function signatureFormat(input: Uint8Array): AcceptedFormat | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => input[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

function toAvatarError(error: unknown): AvatarError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new AvatarError(AVATAR_ERROR_MESSAGES.tooLarge, { cause: error });
  log.debug('avatar image rejected as unreadable', message);
  return new AvatarError(AVATAR_ERROR_MESSAGES.unreadable, { cause: error });
}

/** Re-encodes an uploaded image as a 256×256 WebP with no metadata. */
async function encodeAvatar(input: Uint8Array): Promise<Buffer> {
  const expected = signatureFormat(input);
  if (!expected) throw new AvatarError(AVATAR_ERROR_MESSAGES.unsupported);

  const options: SharpOptions = {
    limitInputPixels: AVATAR_MAX_MEGAPIXELS * 1_000_000,
    failOn: 'warning',
  };
  let format: string;
  try {
    ({ format } = await sharp(input, options).metadata());
  } catch (error) {
    throw toAvatarError(error);
  }
  if (format !== expected) throw new AvatarError(AVATAR_ERROR_MESSAGES.unsupported);

  try {
    // sharp writes no EXIF, XMP, IPTC or ICC unless asked (keepMetadata, withExif…).
    return await sharp(input, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: AVATAR_WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    throw toAvatarError(error);
  }
}

/**
 * Writes `bytes` as `folder/fileName` through a temporary file in the same
 * folder, so a reader never sees a partial file. The name is the content's hash, so an
 * existing file of the same size already holds these bytes.
 */
async function writeOnce(folder: string, fileName: string, bytes: Uint8Array): Promise<void> {
  const target = join(folder, fileName);
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isFile() && existing.size === bytes.length) return;

  // A dot file, which static file servers skip by default.
  const temp = join(folder, `.${fileName}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      // Flushed before the rename: a crash must not leave an empty file under a name that is never rewritten.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Turns an uploaded image into the stored avatar: format checked from the
 * content (JPEG, PNG or WebP), at most 40 megapixels, EXIF orientation applied,
 * cropped to 256×256 WebP, saved as `<uploadsDir>/avatars/<sha256>.webp`.
 * Throws an AvatarError carrying the spec's message for a refused image.
 */
export async function processAvatar(
  input: Uint8Array,
  { uploadsDir }: { uploadsDir: string },
): Promise<{ url: string; fileName: string; bytes: number }> {
  const output = await encodeAvatar(input);
  const fileName = `${createHash('sha256').update(output).digest('hex')}.webp`;
  const folder = join(uploadsDir, 'avatars');
  await mkdir(folder, { recursive: true });
  await writeOnce(folder, fileName, output);
  return { url: `/uploads/avatars/${fileName}`, fileName, bytes: output.length };
}
