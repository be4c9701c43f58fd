import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use. libvips and its codecs cost a process 10–14 MB once
 * loaded (decision 015), which a server only needs once it handles an image (an
 * upload, an avatar, a social card, the jobs): a replica, which never makes one,
 * and a primary that only serves pages never pay it.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps the results of recent operations (up to 50 MB and 100 of them) in case
    // one is asked again; this server never repeats one, so the cache only holds memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

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
