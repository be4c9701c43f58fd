import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { db } from '~/services/db.server';
import { buildTagsOf, updateBuildDetails } from './build-details.server';
import { aBuild, aMember, anImage } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

const descriptionOf = (id: number) =>
  db().select({ description: builds.description }).from(builds).where(eq(builds.id, id)).get()?.description;

describe('a build’s description and tags', () => {
  it('are set at upload and replaced by the owner, tags in the curated list’s order', async () => {
    const owner = aMember();
    const id = await aBuild({
      userId: owner.id,
      title: 'Snow',
      imageId: anImage(),
      description: 'All white.',
      tags: ['itx', 'white-build'],
    });
    expect(descriptionOf(id)).toBe('All white.');
    expect(buildTagsOf(id)).toEqual(['white-build', 'itx']);

    expect(updateBuildDetails(id, owner.id, { description: null, tags: ['sleeper'] })).toEqual({ ok: true });
    expect(descriptionOf(id)).toBeNull();
    expect(buildTagsOf(id)).toEqual(['sleeper']);
  });

  it('are the owner’s alone to change', async () => {
    const owner = aMember();
    const id = await aBuild({ userId: owner.id, title: 'Snow', imageId: anImage(), tags: ['budget'] });
    expect(updateBuildDetails(id, aMember().id, { description: 'Mine now', tags: [] })).toEqual({ ok: false, reason: 'not_owner' });
    expect(updateBuildDetails(id + 1000, owner.id, { description: null, tags: [] })).toEqual({ ok: false, reason: 'not_found' });
    expect(buildTagsOf(id)).toEqual(['budget']);
    expect(descriptionOf(id)).toBeNull();
  });
});
