import { describe, expect, it } from 'vitest';
import { lineWeight, MAX_WEIGHT, MIN_WEIGHT, pickLeastRecent, recentLines } from './memory';
import { seededRandom } from './random';

describe('lineWeight', () => {
  it('weighs an unrated line 1, and stays within its bounds however the votes fall', () => {
    expect(lineWeight(0, 0)).toBe(1);
    for (const [landed, missed] of [
      [1000, 0],
      [0, 1000],
      [3, 7],
      [50, 2],
    ] as const) {
      expect(lineWeight(landed, missed)).toBeGreaterThanOrEqual(MIN_WEIGHT);
      expect(lineWeight(landed, missed)).toBeLessThanOrEqual(MAX_WEIGHT);
    }
    expect(lineWeight(1000, 0)).toBeCloseTo(MAX_WEIGHT, 1);
    expect(lineWeight(0, 1000)).toBe(MIN_WEIGHT);
  });

  it('lets one member move a line only a little', () => {
    expect(lineWeight(1, 0)).toBeLessThan(1.2);
    expect(lineWeight(0, 1)).toBeGreaterThan(0.8);
  });

  it('ranks lines that land above lines that miss', () => {
    expect(lineWeight(8, 2)).toBeGreaterThan(lineWeight(5, 5));
    expect(lineWeight(5, 5)).toBeGreaterThan(lineWeight(2, 8));
  });
});

describe('recentLines', () => {
  it('gives each line the age of the newest roast that used it', () => {
    expect(recentLines([['a', 'b'], ['b', 'c'], ['d']])).toEqual(
      new Map([
        ['a', 0],
        ['b', 0],
        ['c', 1],
        ['d', 2],
      ]),
    );
  });
});

describe('pickLeastRecent', () => {
  it('takes an unused line first, else one of the older half, never one this roast has used', () => {
    const candidates = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    const memory = {
      recent: new Map([
        ['a', 0],
        ['b', 1],
        ['c', 2],
        ['d', 3],
      ]),
      weights: new Map(),
    };
    for (let i = 0; i < 30; i++) {
      const random = seededRandom(`older-${i}`);
      expect(['c', 'd']).toContain(pickLeastRecent(random, candidates, memory, new Set()).id);
      expect(pickLeastRecent(random, candidates, memory, new Set(['c', 'd'])).id).toBe('b');
      expect(pickLeastRecent(random, [...candidates, { id: 'e' }], memory, new Set()).id).toBe('e');
    }
  });
});
