import { loadSharp } from '~/images/sharp.server';

/** The longest side sent to the vision model: enough detail to name parts, few image tokens. */
export const VISION_MAX_SIDE = 1024;

/** A build photo as the vision model gets it: at most 1024 px on its longest side, JPEG. */
export async function visionImage(file: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(file).resize(VISION_MAX_SIDE, VISION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
}
