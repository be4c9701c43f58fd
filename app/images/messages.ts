import { AVATAR_MAX_MEGAPIXELS, BUILD_IMAGE_MAX_MEGAPIXELS } from '~/utils/constants';

// The words for a refused image (docs/product.md §5, §8), in one file that the browser (the
// avatar's compression) and the server (the encoders) both read.

/** A build photo refused by the server. */
export const IMAGE_ERROR_MESSAGES = {
  notImage: 'File type must be an image',
  tooLarge: `Image is too large. Please try a smaller image (max ${BUILD_IMAGE_MAX_MEGAPIXELS} megapixels).`,
  unreadable: 'Unable to process this image. Please try a different file.',
} as const;

/** An avatar or badge refused, in the browser before upload or on the server. */
export const AVATAR_ERROR_MESSAGES = {
  unsupported: 'Unsupported format: Please upload a JPEG, PNG, or WebP image file.',
  tooLarge: `Image is too large. Please try a smaller image (max ${AVATAR_MAX_MEGAPIXELS} megapixels).`,
  unreadable: 'Unable to process this image. Please try a different file.',
  generic: 'Failed to process image',
} as const;
