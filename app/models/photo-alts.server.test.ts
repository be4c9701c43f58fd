import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPhotos, builds } from '../../db/schema';
import { addBuildPhoto } from './build-photos.server';
import { saveAltDraft, setPhotoAlt } from './photo-alts.server';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { aListedBuild, aMember, anImage } from '#tests/support/factories';

beforeEach(() => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
});

const mainAlt = (buildId: number) => db().select({ alt: builds.photoAlt }).from(builds).where(eq(builds.id, buildId)).get()?.alt;

describe('setPhotoAlt: the owner’s description of a photo', () => {
  it('changes the main photo’s and an extra photo’s, and only the owner’s', async () => {
    const owner = aMember();
    const buildId = await aListedBuild({ userId: owner.id });
    const added = await addBuildPhoto(buildId, owner.id, anImage());
    if (!added.ok) throw new Error(added.reason);
    expect(setPhotoAlt(buildId, owner.id, 'main', 'A black case with purple fans.')).toEqual({ ok: true });
    expect(setPhotoAlt(buildId, owner.id, added.photo.id, 'The GPU up close.')).toEqual({ ok: true });
    expect(mainAlt(buildId)).toBe('A black case with purple fans.');
    expect(db().select({ alt: buildPhotos.alt }).from(buildPhotos).get()?.alt).toBe('The GPU up close.');

    expect(setPhotoAlt(buildId, aMember().id, 'main', 'Hijacked.')).toEqual({ ok: false, reason: 'not_owner' });
    expect(setPhotoAlt(buildId + 1, owner.id, 'main', 'Nowhere.')).toEqual({ ok: false, reason: 'not_found' });
    expect(mainAlt(buildId)).toBe('A black case with purple fans.');
  });

  it('refuses another build’s extra photo', async () => {
    const owner = aMember();
    const mine = await aListedBuild({ userId: owner.id });
    const theirs = aMember();
    const other = await aListedBuild({ userId: theirs.id });
    const added = await addBuildPhoto(other, theirs.id, anImage());
    if (!added.ok) throw new Error(added.reason);
    expect(setPhotoAlt(mine, owner.id, added.photo.id, 'Not mine.')).toEqual({ ok: false, reason: 'not_found' });
    expect(db().select({ alt: buildPhotos.alt }).from(buildPhotos).get()?.alt).toBeNull();
  });
});

describe('saveAltDraft', () => {
  it('fills a photo that has no description, never one that has', async () => {
    const buildId = await aListedBuild();
    expect(db().transaction((tx) => saveAltDraft(tx, { buildId }, 'First draft.', 'model'))).toBe(true);
    expect(db().transaction((tx) => saveAltDraft(tx, { buildId }, 'Second draft.', 'model'))).toBe(false);
    expect(mainAlt(buildId)).toBe('First draft.');
  });

  it('replaces a built-in stand-in with a later draft, and a stand-in replaces nothing', async () => {
    const owner = aMember();
    const buildId = await aListedBuild({ userId: owner.id });
    expect(db().transaction((tx) => saveAltDraft(tx, { buildId }, 'A dark photo.', 'stand_in'))).toBe(true);
    expect(db().transaction((tx) => saveAltDraft(tx, { buildId }, 'Another dark photo.', 'stand_in'))).toBe(false);
    expect(db().transaction((tx) => saveAltDraft(tx, { buildId }, 'A white tower on a desk.', 'model'))).toBe(true);
    expect(mainAlt(buildId)).toBe('A white tower on a desk.');
    expect(db().transaction((tx) => saveAltDraft(tx, { buildId }, 'A dark photo.', 'builtin'))).toBe(false);
  });

  it('never replaces the owner’s words, even where a stand-in stood before', async () => {
    const owner = aMember();
    const buildId = await aListedBuild({ userId: owner.id });
    db().transaction((tx) => saveAltDraft(tx, { buildId }, 'A dark photo.', 'stand_in'));
    expect(setPhotoAlt(buildId, owner.id, 'main', 'My rig, lit purple.')).toEqual({ ok: true });
    expect(db().transaction((tx) => saveAltDraft(tx, { buildId }, 'A white tower on a desk.', 'model'))).toBe(false);
    expect(mainAlt(buildId)).toBe('My rig, lit purple.');
  });
});
