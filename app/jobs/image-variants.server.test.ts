import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { imageSource } from '~/images/records.server';
import { saveImage } from '~/models/uploads.server';
import { db } from '~/services/db.server';
import { processImage } from '~/images/encode.server';
import { waitFor } from '#tests/support/wait';
import { makeImageVariants } from './image-variants.server';
import { IMAGE_VARIANTS_JOB } from '~/queue/job-types';
import { startJobRunner } from '#tests/support/job-runner';
import { freshUploadsDir } from '#tests/support/uploads-dir';

const uploadsFolder = freshUploadsDir('image-variants');

describe('the image-variants job', () => {
  it('is queued once with a saved upload and makes the rest of its variants, then lets the original go', async () => {
    const input = await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    const upload = await processImage(input, { uploadsDir: uploadsFolder() });
    const imageId = saveImage(upload);
    expect(saveImage(upload)).toBe(imageId);
    expect(db().select({ type: jobs.type, payload: jobs.payload }).from(jobs).all()).toEqual([
      { type: IMAGE_VARIANTS_JOB, payload: { imageId } },
    ]);
    expect(imageSource(imageId)).toMatchObject({ sources: [], srcSet: expect.stringMatching(/^\/private-images\/\w+\.jpg 1080w$/) });

    startJobRunner({ [IMAGE_VARIANTS_JOB]: makeImageVariants }, { lane: 'images' });
    await waitFor(() => db().select({ status: jobs.status }).from(jobs).get()?.status === 'done', { timeoutMs: 60_000 });

    const sources = imageSource(imageId)!;
    expect(sources.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    for (const srcSet of [...sources.sources.map((source) => source.srcSet), sources.srcSet]) {
      expect(srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '640w', '1080w', '1600w']);
      for (const entry of srcSet.split(', ')) {
        expect(existsSync(join(uploadsFolder(), 'private', 'images', entry.split(' ')[0]!.replace('/private-images/', '')))).toBe(true);
      }
    }
    expect(existsSync(join(uploadsFolder(), 'private', 'originals', upload.hash))).toBe(false);
  });
});
