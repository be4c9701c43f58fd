import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { UploadError } from '~/services/multipart.server';
import { imagePipelineBusy, imagePipelineHasRoom, type ProcessedImage, processImage } from '~/images/encode.server';
import { insertImage } from '~/images/records.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { imageVariantsJob } from '~/queue/job-types';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { fileTooLargeMessage } from '~/utils/byte-limits';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';
import { waitText } from '~/utils/dates';
import { consumeRateLimit } from './rate-limits.server';

/**
 * Records a processed image and its variants in one transaction, returning the
 * image's id, and queues the job that makes its later variants in the same one.
 * The same upload again (same hash) returns the existing id (see insertImage).
 */
export function saveImage(image: ProcessedImage): number {
  return db().transaction((tx) => {
    const saved = insertImage(tx, image);
    if (saved.later) enqueueJob(tx, imageVariantsJob(saved.id));
    return saved.id;
  });
}

/**
 * Photos one network address may have in the pipeline at once: the hourly limit
 * alone would let all 30 arrive together and fill the line other people wait in.
 * Two, so two members behind one router can upload side by side.
 */
const UPLOADS_AT_ONCE_PER_ADDRESS = 2;
/** About how long one photo takes; what a client told to wait for its own is asked to wait. */
const UPLOAD_IN_PROGRESS_RETRY_MS = 5000;

/** Uploads in the pipeline per address. In memory: uploads are processed on the primary only. */
const inProgress = new Map<string, number>();

/**
 * Processes an uploaded photo into UPLOADS_DIR and records it. Every attempt
 * counts against the sender's address, unreadable files too, but not one
 * refused before it was looked at. Throws an UploadError: 413 for a file over
 * UPLOAD_MAX_BYTES, 429 while the address has UPLOADS_AT_ONCE_PER_ADDRESS
 * uploads in progress or past the hourly limit, 503 when the pipeline is too
 * busy to queue it; an ImageError for a bad image.
 */
export async function saveUploadedImage(file: File, clientAddress: string): Promise<number> {
  // A form read with its too-large files kept (readUploadForm) may reach here past no schema (the drop zone's stage).
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadError(413, fileTooLargeMessage(UPLOAD_MAX_BYTES));
  const bytes = new Uint8Array(await file.arrayBuffer());
  // From here to processImage's admission nothing awaits, so no other upload can take the place in between.
  const running = inProgress.get(clientAddress) ?? 0;
  if (running >= UPLOADS_AT_ONCE_PER_ADDRESS) {
    throw new UploadError(429, 'Another upload from your network is still being processed. Try again when it has finished.', {
      retryAfterMs: UPLOAD_IN_PROGRESS_RETRY_MS,
    });
  }
  // Checked before the hourly limit counts the attempt: a photo refused as busy was never looked at.
  if (!imagePipelineHasRoom(bytes.byteLength)) throw imagePipelineBusy();
  const limit = consumeRateLimit(RATE_LIMITS.upload.perAddress, clientAddress);
  if (!limit.allowed) {
    throw new UploadError(429, `Too many uploads from your network. Try again in ${waitText(limit.retryAfterMs)}.`, {
      retryAfterMs: limit.retryAfterMs,
    });
  }
  inProgress.set(clientAddress, running + 1);
  try {
    return saveImage(await processImage(bytes, { uploadsDir: env().UPLOADS_DIR }));
  } finally {
    const left = (inProgress.get(clientAddress) ?? 1) - 1;
    if (left > 0) inProgress.set(clientAddress, left);
    else inProgress.delete(clientAddress);
  }
}
