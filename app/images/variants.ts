// The variants an uploaded photo is turned into (widths and formats) and what a page
// needs to show them: no server-only import, so components name these types too.

export const IMAGE_WIDTHS = [320, 640, 1080, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export type StoredVariant = { format: ImageFormat; width: number; height: number; bytes: number; fileName: string };

/** A variant encoded but not yet written (see storeVariants). */
export type EncodedVariant = { format: ImageFormat; width: number; height: number; data: Buffer };

/** Everything a `<picture>` needs to show an image at any size. */
export type ImageSources = {
  width: number;
  height: number;
  placeholder: string;
  /** AVIF first, then WebP: the browser takes the first type it supports. */
  sources: { type: 'image/avif' | 'image/webp'; srcSet: string }[];
  /** The JPEG fallback. */
  src: string;
  srcSet: string;
};

/** A variant file's extension, by format. */
export const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** The longest side WebP can encode (AVIF's is one more). */
const MAX_VARIANT_SIDE = 16_383;

/**
 * The most pixels a variant may have: 1600 wide up to a 2:3 portrait. Landscape,
 * square and portrait photos keep every width; a very tall image keeps only the
 * widths whose pixels fit, so neither its decoded pixels (4 bytes each) nor an
 * encoder grow with its height.
 */
export const MAX_VARIANT_PIXELS = 1600 * 2400;

export function scaledHeight(width: number, original: { width: number; height: number }): number {
  return Math.max(1, Math.round((width * original.height) / original.width));
}

/**
 * The widths to produce for an image of this upright size: never wider than the
 * image itself, none over MAX_VARIANT_PIXELS, none too tall to encode. When no
 * width of IMAGE_WIDTHS is left (a narrow image, an extreme strip), the image's
 * own width, narrowed to fit MAX_VARIANT_PIXELS.
 */
export function variantWidths(original: { width: number; height: number }): number[] {
  const fitsPixels = (width: number) => width * scaledHeight(width, original) <= MAX_VARIANT_PIXELS;
  const fitting = IMAGE_WIDTHS.filter((candidate) => candidate <= original.width && fitsPixels(candidate));
  let widths: number[] = fitting;
  if (widths.length === 0) {
    let width = Math.min(original.width, Math.floor(Math.sqrt((MAX_VARIANT_PIXELS * original.width) / original.height)));
    while (width > 1 && !fitsPixels(width)) width -= 1;
    widths = [Math.max(1, width)];
  }
  return widths.filter((width) => scaledHeight(width, original) <= MAX_VARIANT_SIDE);
}

/** The widest image a `srcset` offers, by its `w` descriptor: the full-size view's file; null for an empty set. */
export function widestSource(srcSet: string): { url: string; width: number } | null {
  let widest: { url: string; width: number } | null = null;
  for (const candidate of srcSet.split(',')) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    const width = Number(/^(\d+)w$/.exec(descriptor ?? '')?.[1]);
    if (url && width > (widest?.width ?? 0)) widest = { url, width };
  }
  return widest;
}
