import { describe, expect, it } from 'vitest';
import { builds, images } from '../../db/schema';
import { pruneUnusedImages } from '~/images/storage.server';
import { db } from '~/services/db.server';
import { buildTagsOf } from './build-details.server';
import { listBuildPhotos } from './build-photos.server';
import { createBuild, findBuildDetail } from './builds.server';
import { suspendMember } from './member-moderation.server';
import { createTempUpload, findTempUpload, setTempUploadDetails } from './temp-uploads.server';
import { aMember, anImage } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

const DAY_MS = 24 * 3600_000;
const imageIds = () =>
  db()
    .select({ id: images.id })
    .from(images)
    .all()
    .map((image) => image.id);

describe('a guest’s pending upload', () => {
  it('keeps the description, tags and further photos sent with it, as sent last', () => {
    const extras = [anImage(), anImage()];
    const waiting = createTempUpload({
      imageId: anImage(),
      title: 'Sleeper',
      description: 'Beige outside.',
      tags: ['sleeper'],
      extraImageIds: extras,
    });
    expect(findTempUpload(waiting!.id)).toMatchObject({
      title: 'Sleeper',
      description: 'Beige outside.',
      tags: ['sleeper'],
      extraImageIds: extras,
    });

    const later = anImage();
    setTempUploadDetails(waiting!.id, {
      title: 'Sleeper v2',
      roastIntensity: 'savage',
      description: null,
      tags: ['budget', 'itx'],
      extraImageIds: [later, extras[0]!],
    });
    expect(findTempUpload(waiting!.id)).toMatchObject({
      title: 'Sleeper v2',
      roastIntensity: 'savage',
      description: null,
      tags: ['budget', 'itx'],
      extraImageIds: [later, extras[0]],
    });
  });

  it('holds on to its further photos: housekeeping leaves them while it waits', async () => {
    const main = anImage();
    const extra = anImage();
    createTempUpload({ imageId: main, title: 'Waiting', extraImageIds: [extra] });
    await pruneUnusedImages(Date.now() + 2 * DAY_MS);
    expect(imageIds()).toEqual(expect.arrayContaining([main, extra]));
  });

  it('becomes a build with all of it, once', async () => {
    const extras = [anImage(), anImage()];
    const main = anImage();
    const waiting = createTempUpload({
      imageId: main,
      title: 'Guest rig',
      description: 'Two fans.',
      tags: ['rgb-free'],
      extraImageIds: extras,
    })!;
    const owner = aMember();
    const created = await createBuild({ ...waiting, userId: owner.id, tempUploadId: waiting.id });
    expect(created).toEqual({ ok: true, buildId: expect.any(Number) });
    const { buildId } = created as { buildId: number };
    expect(findBuildDetail(buildId)).toMatchObject({ title: 'Guest rig', description: 'Two fans.' });
    expect(buildTagsOf(buildId)).toEqual(['rgb-free']);
    expect(listBuildPhotos(buildId, { approvedOnly: true }).map((photo) => photo.imageId)).toEqual(extras);
    expect(findTempUpload(waiting.id)).toBeNull();
    expect(await createBuild({ ...waiting, userId: owner.id, tempUploadId: waiting.id })).toEqual({ ok: false, reason: 'finished' });
  });

  it('is not published for a member suspended now, whoever asks: no build, and the upload waits', async () => {
    const waiting = createTempUpload({ imageId: anImage(), title: 'Sent while signed out' })!;
    const owner = aMember();
    const until = new Date(Date.now() + DAY_MS);
    suspendMember(aMember({ isAdmin: true }), owner.id, { reason: 'Flame war', until });
    expect(await createBuild({ ...waiting, userId: owner.id, tempUploadId: waiting.id })).toEqual({
      ok: false,
      reason: 'suspended',
      until,
    });
    expect(await createBuild({ userId: owner.id, title: 'Sent signed in', imageId: anImage() })).toMatchObject({ reason: 'suspended' });
    expect(db().select({ id: builds.id }).from(builds).all()).toEqual([]);
    expect(findTempUpload(waiting.id)).toMatchObject({ title: 'Sent while signed out' });
    // Its end is its date: nothing is written when it passes.
    expect(await createBuild({ ...waiting, userId: owner.id, tempUploadId: waiting.id }, new Date(until.getTime() + 1))).toMatchObject({
      ok: true,
    });
  });
});
