import { describe, expect, it } from 'vitest';
import { seededRandom } from '#tests/support/battle-simulation';
import { type BattleStrength, pairKey } from './model';
import { choosePair, pairPool } from './pairs';

const strength = (buildId: number, estimate: number, sd = 0.3): BattleStrength => ({
  buildId,
  estimate,
  sd,
  conservative: estimate - 2 * sd,
  votes: 10,
});
const field = (size: number, sd = 0.3) => Array.from({ length: size }, (_, index) => strength(index + 1, (index - size / 2) / 10, sd));
const nobody = { excluded: new Set<number>(), seen: () => false };

describe('pairKey', () => {
  it('puts the lower id first, whichever side it was shown on', () => {
    expect(pairKey(7, 3)).toEqual([3, 7]);
    expect(pairKey(3, 7)).toEqual([3, 7]);
  });

  it('refuses a build paired with itself', () => {
    expect(() => pairKey(4, 4)).toThrow(RangeError);
  });
});

describe('choosePair', () => {
  it('never shows a voter their own build or a pair they voted on, and says so when none is left', () => {
    const random = seededRandom(1);
    const pool = pairPool(field(12));
    const excluded = new Set([3, 8]);
    const seen = new Set<string>();
    const voter = { excluded, seen: (a: number, b: number) => seen.has(pairKey(a, b).join()) };
    for (;;) {
      const pair = choosePair(pool, voter, random);
      if (!pair) break;
      expect(excluded.has(pair[0]) || excluded.has(pair[1])).toBe(false);
      expect(pair[0]).not.toBe(pair[1]);
      const key = pairKey(...pair).join();
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    // Every pair of the ten other builds was served once before null.
    expect(seen.size).toBe((10 * 9) / 2);
  });

  it('has nothing to offer with fewer than two builds the voter may judge', () => {
    const random = seededRandom(2);
    expect(choosePair(pairPool([]), nobody, random)).toBeNull();
    expect(choosePair(pairPool([strength(1, 0)]), nobody, random)).toBeNull();
    expect(choosePair(pairPool(field(3)), { excluded: new Set([1, 2]), seen: () => false }, random)).toBeNull();
    // The same build listed twice is still one build.
    expect(choosePair(pairPool([strength(5, 0), strength(5, 1)]), nobody, random)).toBeNull();
  });

  it('shows either build on either side', () => {
    const random = seededRandom(3);
    const pool = pairPool([strength(1, 0.5), strength(2, -0.5)]);
    const firstOnLeft = Array.from({ length: 400 }, () => choosePair(pool, nobody, random)![0] === 1).filter(Boolean).length;
    expect(firstOnLeft).toBeGreaterThan(150);
    expect(firstOnLeft).toBeLessThan(250);
  });

  it('mostly pairs builds close in estimate, with some pairs from anywhere', () => {
    const random = seededRandom(4);
    // 1000 builds 0.1 apart, each sure to within 0.3: a close partner is at most a few places away.
    const pool = pairPool(field(1000));
    const gaps = Array.from({ length: 2000 }, () => {
      const [a, b] = choosePair(pool, nobody, random)!;
      return Math.abs(a - b);
    });
    const close = gaps.filter((gap) => gap <= 10).length / gaps.length;
    const far = gaps.filter((gap) => gap > 100).length / gaps.length;
    expect(close).toBeGreaterThan(0.7);
    // A tenth of pairs are drawn at random, and most random pairs are far apart.
    expect(far).toBeGreaterThan(0.05);
  });

  it('sends more votes where the order is most in doubt: a crowded middle over a sparse tail', () => {
    const random = seededRandom(6);
    // 50 builds within 0.5 of each other, 50 spread over the tails 0.4 apart, all as sure.
    const crowded = Array.from({ length: 50 }, (_, index) => strength(index + 1, -0.25 + index / 100));
    const sparse = Array.from({ length: 50 }, (_, index) => strength(51 + index, (index < 25 ? -1 : 1) * (1 + (index % 25) * 0.4)));
    const pool = pairPool([...crowded, ...sparse]);
    const shown = Array.from({ length: 2000 }, () => choosePair(pool, nobody, random)!).flat();
    const share = shown.filter((id) => id <= 50).length / shown.length;
    // Half the field; drawn by sd alone they would get about half the appearances.
    expect(share).toBeGreaterThan(0.7);
  });

  it('prefers builds it is unsure of', () => {
    const random = seededRandom(5);
    const unsure = new Set([10, 20, 30, 40]);
    const pool = pairPool(field(100).map((build) => (unsure.has(build.buildId) ? { ...build, sd: 1.5 } : build)));
    const shown = Array.from({ length: 2000 }, () => choosePair(pool, nobody, random)!).flat();
    const share = shown.filter((id) => unsure.has(id)).length / shown.length;
    // Four builds in a hundred would be 4 % of appearances by chance.
    expect(share).toBeGreaterThan(0.08);
  });
});
