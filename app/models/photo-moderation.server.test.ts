import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { images } from '../../db/schema';
import { SCREENING_REASONS } from '~/roast/screening/verdict';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { moderationQueue } from './admin-overview.server';
import { listAudit } from './audit.server';
import { addBuildPhoto, listBuildPhotos, savePhotoScreening } from './build-photos.server';
import { decideHeldPhoto, listHeldPhotos } from './photo-moderation.server';
import { aListedBuild, aMember, anImage } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

const published = (imageId: number) =>
  db().select({ published: images.published }).from(images).where(eq(images.id, imageId)).get()?.published;

/** A listed build whose new extra photo screening held, as a site that screens does. */
async function aHeldPhoto() {
  const owner = aMember();
  const buildId = await aListedBuild({ userId: owner.id, title: 'Frosted ITX' });
  vi.stubEnv('SCREENING', 'auto');
  resetEnv();
  const added = await addBuildPhoto(buildId, owner.id, anImage());
  if (!added.ok) throw new Error('photo refused');
  const scores = { nsfw: 0.02, faces: 1, faceScore: 0.93 };
  db().transaction((tx) => savePhotoScreening(tx, added.photo.id, { outcome: 'held', reason: SCREENING_REASONS.person }, scores));
  return { owner, buildId, photo: added.photo };
}

describe('a held extra photo', () => {
  it('waits in the moderators’ queue with its build, its owner and screening’s verdict', async () => {
    const { owner, buildId, photo } = await aHeldPhoto();
    expect(listHeldPhotos()).toEqual([
      expect.objectContaining({
        id: photo.id,
        buildId,
        buildTitle: 'Frosted ITX',
        username: owner.username,
        position: 1,
        reviewReason: SCREENING_REASONS.person,
        scores: { nsfw: 0.02, faces: 1 },
      }),
    ]);
  });

  it('counts in the moderation queue’s total, the badge on Moderation, as the queue lists it', async () => {
    const before = moderationQueue();
    await aHeldPhoto();
    expect(moderationQueue()).toEqual({ ...before, heldPhotos: listHeldPhotos().length, total: before.total + 1 });
  });

  it('shown by a moderator, joins the build’s gallery with its files published, and the decision is audited', async () => {
    const { buildId, photo } = await aHeldPhoto();
    const moderator = aMember({ isModerator: true });
    expect(published(photo.imageId)).toBe(false);

    expect(await decideHeldPhoto(moderator, photo.id, { approve: true })).toEqual({ ok: true, label: 'Photo 1 of Frosted ITX' });
    expect(listBuildPhotos(buildId, { approvedOnly: true }).map((shown) => shown.id)).toEqual([photo.id]);
    expect(published(photo.imageId)).toBe(true);
    expect(listHeldPhotos()).toEqual([]);
    expect(listAudit({ limit: 1, offset: 0 }).rows[0]).toMatchObject({
      actorName: moderator.username,
      action: 'approve-photo',
      targetType: 'build',
      targetId: buildId,
      details: 'Photo 1',
    });
  });

  it('removed by a moderator, stays hidden and tells its owner why, as a rejected build does; decided once', async () => {
    const { buildId, photo } = await aHeldPhoto();
    const moderator = aMember({ isModerator: true });

    expect(await decideHeldPhoto(moderator, photo.id, { approve: false, reason: 'people' })).toMatchObject({ ok: true });
    expect(listBuildPhotos(buildId, { approvedOnly: true })).toEqual([]);
    expect(listBuildPhotos(buildId, { approvedOnly: false })).toEqual([
      expect.objectContaining({
        reviewStatus: 'rejected',
        reviewReason: 'A moderator removed this photo: build photos may not show people or faces.',
      }),
    ]);
    expect(listAudit({ limit: 1, offset: 0 }).rows[0]).toMatchObject({ action: 'reject-photo', details: 'Photo 1: Shows people or faces' });
    expect(await decideHeldPhoto(moderator, photo.id, { approve: true })).toEqual({ ok: false, reason: 'not_found' });
  });

  it('is decided by staff only', async () => {
    const { photo } = await aHeldPhoto();
    expect(await decideHeldPhoto(aMember(), photo.id, { approve: true })).toEqual({ ok: false, reason: 'forbidden' });
    expect(listHeldPhotos()).toHaveLength(1);
  });
});
