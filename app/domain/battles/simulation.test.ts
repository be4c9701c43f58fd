// The simulation's goals (docs/decisions/027-rig-battles.md), on fixed seeds so a run
// can be repeated; `npm run sim:battles` prints the same figures over more seeds.
import { describe, expect, it } from 'vitest';
import { simulateBattles, simulateRing } from '#tests/support/battle-simulation';

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('the battle simulation: 200 builds, true strengths N(0, 1.5^2)', () => {
  it('ranks closer to the truth with chosen pairs than plain maximum likelihood on random pairs', () => {
    const runs = [1, 2, 3, 4].map((seed) => simulateBattles({ seed }));
    const at = (index: number) => ({
      chosen: mean(runs.map((run) => run[index]!.chosen.estimate)),
      randomMl: mean(runs.map((run) => run[index]!.randomMl.estimate)),
    });
    const [fifteen, forty] = [at(0), at(1)];
    expect(runs[0]!.map((checkpoint) => checkpoint.votes)).toEqual([1500, 4000]);
    expect(fifteen.chosen).toBeGreaterThanOrEqual(0.75);
    expect(forty.chosen).toBeGreaterThanOrEqual(0.85);
    expect(fifteen.chosen).toBeGreaterThan(fifteen.randomMl);
    expect(forty.chosen).toBeGreaterThan(forty.randomMl);
  });

  it('lets a ring of 5 accounts voting 300 times for one weak build move it at most 5 places', () => {
    for (const seed of [1, 2]) {
      const ring = simulateRing({ seed });
      expect(ring.ringVotes).toBe(300);
      expect(ring.without.conservative - ring.capped.conservative).toBeLessThanOrEqual(5);
      // Without the cap the same votes carry it near the top: the cap is what holds it.
      expect(ring.uncapped.conservative).toBeLessThan(ring.without.conservative - 100);
    }
  });
});
