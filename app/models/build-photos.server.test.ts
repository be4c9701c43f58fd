import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { images } from '../../db/schema';
import { hasActiveJob } from '~/queue/enqueue.server';
import { screenPhotoJob } from '~/queue/job-types';
import { HELD_WHILE_SUSPENDED } from '~/domain/member-moderation';
import { SCREENING_REASONS } from '~/roast/screening/verdict';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { addBuildPhoto, listBuildPhotos, removeBuildPhoto, savePhotoScreening } from './build-photos.server';
import { suspendMember } from './member-moderation.server';
import { aListedBuild, aMember, anImage } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

async function anOwnedBuild() {
  const owner = aMember();
  return { owner, buildId: await aListedBuild({ userId: owner.id }) };
}

/** From here on, new photos wait for screening, as they do on a site that screens. */
function screeningOn() {
  vi.stubEnv('SCREENING', 'auto');
  resetEnv();
}

describe('a build’s extra photos', () => {
  it('are screened before anyone but the owner sees them: approved they show, held they wait', async () => {
    const { owner, buildId } = await anOwnedBuild();
    screeningOn();
    const first = await addBuildPhoto(buildId, owner.id, anImage());
    const second = await addBuildPhoto(buildId, owner.id, anImage());
    if (!first.ok || !second.ok) throw new Error('photos refused');
    expect(first.photo).toMatchObject({ position: 1, reviewStatus: 'pending' });
    expect(hasActiveJob(screenPhotoJob(first.photo.id).key)).toBe(true);
    expect(listBuildPhotos(buildId, { approvedOnly: true })).toEqual([]);

    db().transaction((tx) => {
      savePhotoScreening(tx, first.photo.id, { outcome: 'approved', reason: null }, null);
      savePhotoScreening(tx, second.photo.id, { outcome: 'held', reason: SCREENING_REASONS.person }, null);
    });
    expect(listBuildPhotos(buildId, { approvedOnly: true }).map((photo) => photo.id)).toEqual([first.photo.id]);
    expect(listBuildPhotos(buildId, { approvedOnly: false }).map((photo) => photo.reviewStatus)).toEqual(['approved', 'held']);
  });

  it('wait for a moderator when screening passes them after their owner was suspended', async () => {
    const { owner, buildId } = await anOwnedBuild();
    screeningOn();
    const added = await addBuildPhoto(buildId, owner.id, anImage());
    if (!added.ok) throw new Error('photo refused');
    suspendMember(aMember({ isAdmin: true }), owner.id, { reason: 'Spam', until: new Date(Date.now() + 3_600_000) });
    const saved = db().transaction((tx) => savePhotoScreening(tx, added.photo.id, { outcome: 'approved', reason: null }, null));
    expect(saved).toEqual({ outcome: 'held', reason: HELD_WHILE_SUSPENDED });
    expect(listBuildPhotos(buildId, { approvedOnly: true })).toEqual([]);
  });

  it('are at most four, the same picture once, and a removed one frees its place and its image', async () => {
    const { owner, buildId } = await anOwnedBuild();
    const added = [];
    for (let n = 0; n < 4; n++) added.push(await addBuildPhoto(buildId, owner.id, anImage()));
    expect(await addBuildPhoto(buildId, owner.id, anImage())).toEqual({ ok: false, reason: 'too_many' });
    const second = added[1]!;
    if (!second.ok) throw new Error('photo refused');
    expect(await addBuildPhoto(buildId, owner.id, second.photo.imageId)).toEqual({ ok: false, reason: 'duplicate' });

    expect(await removeBuildPhoto(buildId, owner.id, second.photo.id)).toEqual({ ok: true });
    expect(db().select().from(images).where(eq(images.id, second.photo.imageId)).get()).toBeUndefined();
    expect(await addBuildPhoto(buildId, owner.id, anImage())).toMatchObject({ ok: true, photo: { position: 2, reviewStatus: 'approved' } });
  });

  it('are the owner’s alone to add and remove', async () => {
    const { owner, buildId } = await anOwnedBuild();
    const added = await addBuildPhoto(buildId, owner.id, anImage());
    if (!added.ok) throw new Error('photo refused');
    const stranger = aMember();
    expect(await addBuildPhoto(buildId, stranger.id, anImage())).toEqual({ ok: false, reason: 'not_owner' });
    expect(await removeBuildPhoto(buildId, stranger.id, added.photo.id)).toEqual({ ok: false, reason: 'not_owner' });
    expect(listBuildPhotos(buildId, { approvedOnly: false })).toHaveLength(1);
  });
});
