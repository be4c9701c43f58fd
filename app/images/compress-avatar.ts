import { AVATAR_MAX_MEGAPIXELS } from '~/utils/constants';
import { AVATAR_ERROR_MESSAGES } from './messages';

// Avatar compression in the browser (docs/product.md §9). The server re-encodes
// whatever arrives (avatars.server.ts); this only keeps uploads small.

export const AVATAR_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_DIMENSION = 1024;
export const AVATAR_INITIAL_QUALITY = 0.8;
export const AVATAR_TARGET_BYTES = 800 * 1024;
export const AVATAR_QUALITY_REDUCTIONS = 5;
export const AVATAR_QUALITY_STEP = 0.8;

export class ImageProcessingError extends Error {
  override name = 'ImageProcessingError';
}

export type OutputType = 'image/webp' | 'image/jpeg';

export type DecodedImage<Surface> = {
  width: number;
  height: number;
  /** Draws the image scaled to width × height onto a new surface (a canvas in the browser). */
  draw(width: number, height: number): Surface;
  /** Frees the decoded pixels. */
  close?(): void;
};

/** Decoding and encoding, the only part that needs a browser; tests pass a fake. */
export type ImageCodec<Surface = unknown> = {
  decode(file: File): Promise<DecodedImage<Surface>>;
  /** Resolves to a Blob whose type is the one actually produced (a browser without WebP gives PNG). */
  encode(surface: Surface, type: OutputType, quality: number): Promise<Blob>;
};

type CanvasSurface = OffscreenCanvas | HTMLCanvasElement;

function drawOnCanvas(image: ImageBitmap, width: number, height: number): CanvasSurface {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new ImageProcessingError(AVATAR_ERROR_MESSAGES.generic);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    return canvas;
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageProcessingError(AVATAR_ERROR_MESSAGES.generic);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return canvas;
}

/** The real codec: createImageBitmap (which applies EXIF orientation) and a canvas. */
export const browserCodec: ImageCodec<CanvasSurface> = {
  async decode(file) {
    const bitmap = await createImageBitmap(file);
    return {
      width: bitmap.width,
      height: bitmap.height,
      draw: (width, height) => drawOnCanvas(bitmap, width, height),
      close: () => bitmap.close(),
    };
  },
  encode(canvas, type, quality) {
    if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
    return new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ImageProcessingError(AVATAR_ERROR_MESSAGES.generic))), type, quality);
    });
  },
};

/** The size that fits within max × max keeping the aspect ratio, never larger than the original. */
export function fitWithin(width: number, height: number, max = AVATAR_MAX_DIMENSION): { width: number; height: number } {
  const scale = Math.min(1, max / width, max / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function renamed(name: string, type: OutputType): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'avatar';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

/**
 * Shrinks an avatar before upload (product §9): at most 1024×1024, WebP at quality
 * 0.8, lowered by 20% up to 5 times while over 800 KB, then JPEG at the last
 * quality if still too big or if the browser cannot encode WebP.
 */
export async function compressAvatar(file: File, codec: ImageCodec = browserCodec): Promise<File> {
  if (!(AVATAR_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    throw new ImageProcessingError(AVATAR_ERROR_MESSAGES.unsupported);
  }

  let image: DecodedImage<unknown>;
  try {
    image = await codec.decode(file);
  } catch (error) {
    throw new ImageProcessingError('Failed to load image: the file may be corrupted', { cause: error });
  }

  try {
    const { width, height } = image;
    if (width * height > AVATAR_MAX_MEGAPIXELS * 1_000_000) {
      const megapixels = Math.round((width * height) / 100_000) / 10;
      throw new ImageProcessingError(`Image exceeds ${AVATAR_MAX_MEGAPIXELS}MP limit (${width}×${height}, ${megapixels}MP)`);
    }

    const size = fitWithin(width, height);
    const surface = image.draw(size.width, size.height);

    let quality = AVATAR_INITIAL_QUALITY;
    let blob = await codec.encode(surface, 'image/webp', quality);
    if (blob.type === 'image/webp') {
      for (let step = 0; step < AVATAR_QUALITY_REDUCTIONS && blob.size > AVATAR_TARGET_BYTES; step++) {
        quality *= AVATAR_QUALITY_STEP;
        blob = await codec.encode(surface, 'image/webp', quality);
      }
    }
    if (blob.type !== 'image/webp' || blob.size > AVATAR_TARGET_BYTES) {
      blob = await codec.encode(surface, 'image/jpeg', quality);
    }

    const type: OutputType = blob.type === 'image/webp' ? 'image/webp' : 'image/jpeg';
    return new File([blob], renamed(file.name, type), { type, lastModified: Date.now() });
  } finally {
    image.close?.();
  }
}

const tooLargePattern = new RegExp(`${AVATAR_MAX_MEGAPIXELS}\\s*MP|too large`, 'i');

/** The toast for a failed compression (product §8). */
export function processingErrorMessage(error: unknown): { title: 'Processing failed'; description: string } {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  let description: string = AVATAR_ERROR_MESSAGES.generic;
  // "Unsupported format: Please upload…" contains "load", so it is matched first.
  if (/^unsupported format/i.test(message)) description = message;
  else if (tooLargePattern.test(message)) description = AVATAR_ERROR_MESSAGES.tooLarge;
  else if (/\bload|corrupt|decod/i.test(message)) description = AVATAR_ERROR_MESSAGES.unreadable;
  return { title: 'Processing failed', description };
}
