import { describe, expect, it } from 'vitest';
import { detectBursts, detectFocus, detectRings, scanFindings } from './vote-integrity.server';
import { db } from '~/services/db.server';
import { fillRatingPopulation } from '#tests/support/rating-population';

// 10 000 members rating as a community does, with sock puppets, two bursts and two
// rings planted among them: every planted pattern is found, and nothing else is.
describe('vote integrity at 10 000 members', () => {
  it('finds every planted pattern and flags nothing organic', async () => {
    const population = fillRatingPopulation(db().$client, { members: 10_000 });
    expect(population.ratings).toBeGreaterThan(100_000);
    const { planted } = population;

    const started = performance.now();
    const focus = detectFocus(db());
    const bursts = detectBursts(db());
    const rings = detectRings(db());
    const elapsed = performance.now() - started;

    expect(focus).toEqual([
      { ownerId: planted.focus.ownerId, accounts: planted.focus.raterIds.map((raterId) => expect.objectContaining({ raterId })) },
    ]);
    expect(
      bursts.map(({ buildId, stars, raterIds, createdTogether, networks }) => ({
        buildId,
        stars,
        raterIds: raterIds.toSorted((a, b) => a - b),
        createdTogether,
        networks,
      })),
    ).toEqual([
      { buildId: planted.bursts[0]!.buildId, stars: 1, raterIds: planted.bursts[0]!.raterIds, createdTogether: true, networks: [] },
      {
        buildId: planted.bursts[1]!.buildId,
        stars: 5,
        raterIds: planted.bursts[1]!.raterIds,
        createdTogether: false,
        networks: ['one-office'],
      },
    ]);
    expect(rings.map((ring) => ring.memberIds)).toEqual(planted.rings);
    expect((await scanFindings(db())).map((finding) => finding.kind)).toEqual(['ring', 'ring', 'burst', 'burst', 'focus']);
    // The hourly job's scan: seconds at most at this size, even on 2 shared cores.
    expect(elapsed).toBeLessThan(3_000);
  });
});
