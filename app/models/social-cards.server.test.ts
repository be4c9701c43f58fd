import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { processImage, type ProcessedImage } from '~/images/encode.server';
import { findBuildDetail } from './builds.server';
import { saveImage } from '~/models/uploads.server';
import { buildCardImage, buildSocial } from './social-cards.server';
import { aBuild, aMember } from '#tests/support/factories';

const ORIGIN = 'https://rigroast.example.com';
let uploadsDir: string;
let photo: ProcessedImage;
let buildId: number;

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'rigroast-social-'));
  const png = await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  photo = await processImage(png, { uploadsDir });
});

afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

beforeEach(async () => {
  vi.stubEnv('SCREENING', 'off');
  vi.stubEnv('UPLOADS_DIR', uploadsDir);
  vi.stubEnv('PUBLIC_ORIGIN', ORIGIN);
  resetEnv();
  const user = aMember({ username: 'roasted', email: 'roasted@example.com' });
  buildId = await aBuild({ userId: user.id, title: 'Glass box of regret', imageId: saveImage(photo) });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const detail = () => findBuildDetail(buildId)!;

describe('social tags of a build', () => {
  it('point at the build page and its versioned card on PUBLIC_ORIGIN', () => {
    expect(buildSocial(detail())).toEqual({
      title: 'Glass box of regret',
      description: 'A PC build on RigRoast, waiting for its AI roast. Rate it and leave a comment.',
      url: `${ORIGIN}/build/${buildId}`,
      image: expect.stringMatching(new RegExp(`^${ORIGIN}/build/${buildId}/card\\.jpg\\?v=[0-9a-f]{12}$`)),
      imageAlt: 'Photo of Glass box of regret on RigRoast (No ratings yet)',
    });
  });

  it('describe the roast in one paragraph of at most 200 characters, cut at a word', () => {
    db()
      .update(builds)
      .set({ roast: `Four fans,\n\nzero airflow. ${'Blinding RGB everywhere. '.repeat(20)}` })
      .where(eq(builds.id, buildId))
      .run();
    const { description } = buildSocial(detail())!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/^Four fans, zero airflow\. Blinding RGB everywhere\. .*\w…$/);
  });

  it('change their image URL when the rating changes', () => {
    const before = buildSocial(detail())!.image;
    db().update(builds).set({ averageRating: 4, ratingCount: 1, totalRating: 4 }).where(eq(builds.id, buildId)).run();
    expect(buildSocial(detail())!.image).not.toBe(before);
  });

  it('are left out for a build that is not listed', () => {
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, buildId)).run();
    expect(buildSocial(detail())).toBeNull();
  });
});

describe('the card image of a build', () => {
  it('is rendered from the photo once, at the version the tags link', async () => {
    const card = await buildCardImage(buildId);
    expect(buildSocial(detail())!.image).toContain(`?v=${card!.version}`);
    expect(await sharp(card!.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(await readdir(join(uploadsDir, 'cards'))).toContain(`${buildId}-${card!.version}.jpg`);
  });

  it('does not exist for an unknown or unlisted build', async () => {
    expect(await buildCardImage(buildId + 1)).toBeNull();
    db().update(builds).set({ reviewStatus: 'rejected' }).where(eq(builds.id, buildId)).run();
    expect(await buildCardImage(buildId)).toBeNull();
  });
});
