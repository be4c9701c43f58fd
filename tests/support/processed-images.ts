import { join } from 'node:path';
import { encodeLaterVariants, processImage, type ProcessedImage } from '~/images/encode.server';
import { IMAGE_FORMATS } from '~/images/variants';
import { ORIGINALS_FOLDER, PRIVATE_IMAGES_FOLDER, storeVariants } from '~/images/storage.server';

/**
 * An upload processed as the server ends up with it once its image-variants job has run:
 * processImage, then every later variant from the kept original, stored in the private
 * folder beside the first. `later` is 0, so saving it queues no job.
 */
export async function processFully(input: Uint8Array, { uploadsDir }: { uploadsDir: string }): Promise<ProcessedImage> {
  const first = await processImage(input, { uploadsDir });
  const variants = [...first.variants];
  await encodeLaterVariants(join(uploadsDir, ORIGINALS_FOLDER, first.hash), first.variants, async (encoded) => {
    variants.push(...(await storeVariants(join(uploadsDir, PRIVATE_IMAGES_FOLDER), encoded)));
    return true;
  });
  variants.sort((a, b) => IMAGE_FORMATS.indexOf(a.format) - IMAGE_FORMATS.indexOf(b.format) || a.width - b.width);
  return { ...first, variants, later: 0 };
}
