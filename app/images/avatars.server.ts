import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SharpOptions } from 'sharp';
import { writeOnce } from '~/services/files.server';
import { log } from '~/services/log.server';
import { AVATAR_MAX_MEGAPIXELS } from '~/utils/constants';
import { AVATAR_ERROR_MESSAGES } from './messages';
import { isPixelLimitError, loadSharp, signatureFormat } from './sharp.server';

export const AVATAR_SIZE = 256;
const AVATAR_WEBP_QUALITY = 80;

export class AvatarError extends Error {
  override name = 'AvatarError';
}

function toAvatarError(error: unknown): AvatarError {
  if (isPixelLimitError(error)) return new AvatarError(AVATAR_ERROR_MESSAGES.tooLarge, { cause: error });
  log.debug('avatar image rejected as unreadable', error instanceof Error ? error.message : String(error));
  return new AvatarError(AVATAR_ERROR_MESSAGES.unreadable, { cause: error });
}

/** Re-encodes an uploaded image as a 256×256 WebP with no metadata. */
async function encodeAvatar(input: Uint8Array): Promise<Buffer> {
  const expected = signatureFormat(input);
  // Avatars are JPEG, PNG or WebP (docs/product.md §5); GIF is for build photos only.
  if (!expected || expected === 'gif') throw new AvatarError(AVATAR_ERROR_MESSAGES.unsupported);

  const options: SharpOptions = {
    limitInputPixels: AVATAR_MAX_MEGAPIXELS * 1_000_000,
    failOn: 'warning',
  };
  const sharp = await loadSharp();
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

/** The folders under UPLOADS_DIR that hold avatars and competition badges, served at `/uploads/<folder>/`. */
export const AVATAR_FOLDERS = ['avatars', 'badges'] as const;
export type AvatarFolder = (typeof AVATAR_FOLDERS)[number];

/** How avatars and badges are named (processAvatar): their content's SHA-256, as WebP. */
export const AVATAR_FILE = /^[0-9a-f]{64}\.webp$/;

/** The URL a stored avatar or badge is shown at, and recorded by (users.avatar_url, competitions.badge_url). */
export const avatarFileUrl = (folder: AvatarFolder, fileName: string) => `/uploads/${folder}/${fileName}`;

/**
 * Turns an uploaded image into the stored avatar (or a competition's badge, the
 * same square picture): format checked from the content (JPEG, PNG or WebP), at
 * most 40 megapixels, EXIF orientation applied, cropped to 256×256 WebP, saved
 * as `<uploadsDir>/<folder>/<sha256>.webp`. Throws an AvatarError carrying the
 * message for a refused image (product §5).
 */
export async function processAvatar(
  input: Uint8Array,
  { uploadsDir, folder = 'avatars' }: { uploadsDir: string; folder?: AvatarFolder },
): Promise<{ url: string; fileName: string; bytes: number }> {
  const output = await encodeAvatar(input);
  const fileName = `${createHash('sha256').update(output).digest('hex')}.webp`;
  const directory = join(uploadsDir, folder);
  await mkdir(directory, { recursive: true });
  await writeOnce(directory, fileName, output);
  return { url: avatarFileUrl(folder, fileName), fileName, bytes: output.length };
}
