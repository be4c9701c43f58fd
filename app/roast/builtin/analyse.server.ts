import { loadSharp } from '~/images/sharp.server';
import { BUILD_IMAGE_MAX_MEGAPIXELS } from '~/utils/constants';
import { measurePhoto, type PhotoAnalysis } from './photo';

/**
 * The long side the photo is measured at. Colour would do with less, but focus
 * would not: at 128 px even a badly out-of-focus photo looks crisp. Decoding
 * dominates the cost either way (a JPEG is decoded already shrunk).
 */
const ANALYSIS_SIDE = 256;

/**
 * Measures a build photo (a file path or JPEG/PNG/WebP/GIF bytes) for the built-in
 * roaster. `original` is the size the member uploaded, when `input` is a smaller
 * copy: how small a photo is must be judged on what they sent.
 */
export async function analysePhoto(input: Buffer | string, original?: { width: number; height: number }): Promise<PhotoAnalysis> {
  const sharp = await loadSharp();
  const image = sharp(input, {
    autoOrient: true,
    pages: 1,
    limitInputPixels: BUILD_IMAGE_MAX_MEGAPIXELS * 1_000_000,
    // Statistics survive a few damaged pixels; refusing the photo would leave the build unroasted.
    failOn: 'none',
  });
  const metadata = await image.metadata();
  const { data, info } = await image
    .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return measurePhoto(
    { data, width: info.width, height: info.height, channels: info.channels },
    original ?? { width: metadata.autoOrient.width, height: metadata.autoOrient.height },
  );
}
