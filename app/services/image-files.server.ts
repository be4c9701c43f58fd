import { randomUUID } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The raster formats an upload may be, as sharp names them. */
export type SignatureFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/**
 * The format named by the file's signature. Checked before sharp sees the
 * bytes so that no other decoder (SVG, TIFF, HEIF, PDF…) ever runs on them.
 */
export function signatureFormat(input: Uint8Array): SignatureFormat | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => input[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // "GIF87a" or "GIF89a".
  if (starts([0x47, 0x49, 0x46, 0x38]) && (starts([0x37, 0x61], 4) || starts([0x39, 0x61], 4))) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** Whether sharp refused an input for declaring more pixels than `limitInputPixels` allows. */
export function isPixelLimitError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message);
}

/**
 * Writes `bytes` as `folder/fileName` through a temporary file in the same
 * folder, so a reader never sees a partial file. The name is the content's hash, so an
 * existing file of the same size already holds these bytes.
 */
export async function writeOnce(folder: string, fileName: string, bytes: Uint8Array): Promise<void> {
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

/** Makes the renames into `folder` durable, so the files outlive a power cut once the rows that name them are committed. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
