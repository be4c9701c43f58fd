import { describe, expect, it } from 'vitest';
import { db } from '~/services/db.server';
import { addPart, confirmedParts, confirmPart, listParts, proposePartsFromFacts, removePart } from './build-parts.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { someRoastFacts } from '#tests/support/roast-fixtures';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

async function aBuildWithGuesses() {
  const owner = aMember();
  const buildId = await aListedBuild({ userId: owner.id });
  db().transaction((tx) => proposePartsFromFacts(tx, buildId, someRoastFacts({ gpu: 'RTX 4090', cpu: null, case: 'Lian Li O11' })));
  return { owner, buildId };
}

describe('the parts list', () => {
  it('offers what the AI spotted as proposed parts, which the page table leaves out until confirmed', async () => {
    const { buildId } = await aBuildWithGuesses();
    expect(listParts(buildId).map(({ category, name, status, source }) => ({ category, name, status, source }))).toEqual([
      { category: 'GPU', name: 'RTX 4090', status: 'proposed', source: 'ai' },
      { category: 'case', name: 'Lian Li O11', status: 'proposed', source: 'ai' },
    ]);
    expect(confirmedParts(buildId)).toEqual([]);
  });

  it('lets the owner confirm a guess, correct one (which confirms it) and remove one', async () => {
    const { owner, buildId } = await aBuildWithGuesses();
    const [gpu, buildCase] = listParts(buildId);
    expect(confirmPart(buildId, owner.id, gpu!.id)).toMatchObject({ ok: true, part: { name: 'RTX 4090', status: 'confirmed' } });
    expect(confirmPart(buildId, owner.id, buildCase!.id, { category: 'case', name: 'Fractal North' })).toMatchObject({
      ok: true,
      part: { name: 'Fractal North', status: 'confirmed', source: 'ai' },
    });
    expect(removePart(buildId, owner.id, gpu!.id)).toEqual({ ok: true });
    expect(confirmedParts(buildId).map((part) => part.name)).toEqual(['Fractal North']);
  });

  it('never proposes over a category the build already lists, so a fresh roast keeps the owner’s word', async () => {
    const { owner, buildId } = await aBuildWithGuesses();
    const [gpu] = listParts(buildId);
    confirmPart(buildId, owner.id, gpu!.id, { category: 'GPU', name: 'RTX 4080 Super' });
    db().transaction((tx) => proposePartsFromFacts(tx, buildId, someRoastFacts({ gpu: 'RTX 3060', cooler: 'NH-D15' })));
    expect(listParts(buildId).map((part) => `${part.category}: ${part.name} (${part.status})`)).toEqual([
      'GPU: RTX 4080 Super (confirmed)',
      'case: Lian Li O11 (proposed)',
      'cooler: NH-D15 (proposed)',
    ]);
  });

  it('adds the owner’s own parts, confirmed, after the others', async () => {
    const { owner, buildId } = await aBuildWithGuesses();
    expect(addPart(buildId, owner.id, { category: 'RAM', name: '64 GB DDR5-6000' })).toMatchObject({
      ok: true,
      part: { category: 'RAM', status: 'confirmed', source: 'owner', position: 3 },
    });
  });

  it('refuses anyone but the owner, and changes nothing', async () => {
    const { buildId } = await aBuildWithGuesses();
    const stranger = aMember();
    const [gpu] = listParts(buildId);
    expect(addPart(buildId, stranger.id, { category: 'PSU', name: 'Corsair RM850x' })).toEqual({ ok: false, reason: 'not_owner' });
    expect(confirmPart(buildId, stranger.id, gpu!.id)).toEqual({ ok: false, reason: 'not_owner' });
    expect(removePart(buildId, stranger.id, gpu!.id)).toEqual({ ok: false, reason: 'not_owner' });
    expect(removePart(buildId + 1000, stranger.id, gpu!.id)).toEqual({ ok: false, reason: 'not_found' });
    expect(listParts(buildId)).toHaveLength(2);
    expect(confirmedParts(buildId)).toEqual([]);
  });
});
