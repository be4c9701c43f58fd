import { describe, expect, it } from 'vitest';
import { FOCUS, capInfluence } from './influence';
import { type BattleVote } from './model';

const vote = (voterId: number, first: number, second: number, outcome: BattleVote['outcome'] = 'first'): BattleVote => ({
  voterId,
  first,
  second,
  outcome,
});
/** Voter `voterId` votes once on each of `count` pairs of distinct builds from `from` on. */
const spread = (voterId: number, count: number, from = 100) =>
  Array.from({ length: count }, (_, index) => vote(voterId, from + 2 * index, from + 2 * index + 1));

describe('capInfluence', () => {
  it('keeps a member’s single votes whole', () => {
    expect(capInfluence(spread(1, 20)).map((weighted) => weighted.weight)).toEqual(Array(20).fill(1));
  });

  it('counts one member’s repeated votes about a build as one vote in all', () => {
    const repeated = Array.from({ length: 4 }, (_, index) => vote(1, 7, 200 + index));
    const weights = capInfluence([...repeated, ...spread(1, 40)]);
    const aboutSeven = weights.filter((weighted) => weighted.first === 7);
    expect(aboutSeven).toHaveLength(4);
    expect(aboutSeven.reduce((sum, weighted) => sum + weighted.weight, 0)).toBeCloseTo(1, 12);
  });

  it('drops votes about a build a member sought out, skipping the pairs without it', () => {
    const focused = Array.from({ length: FOCUS.minVotes }, (_, index) => vote(1, 7, 200 + index));
    expect(capInfluence([...focused, ...spread(1, 5), ...spread(2, 300)]).filter((weighted) => weighted.first === 7)).toEqual([]);
  });

  it('takes a build met often in a small field for chance, not a search', () => {
    const fourBuilds = Array.from({ length: 24 }, (_, index) => vote(1, 1 + (index % 4), 1 + ((index + 1) % 4)));
    expect(capInfluence(fourBuilds)).toHaveLength(24);
  });

  it('drops the votes of members staff discounted, and a build against itself', () => {
    const weights = capInfluence([vote(1, 1, 2), vote(2, 3, 4), vote(3, 5, 5), ...spread(4, 50)], { droppedVoters: new Set([2]) });
    expect(weights.map((weighted) => [weighted.first, weighted.second]).slice(0, 2)).toEqual([
      [1, 2],
      [100, 101],
    ]);
  });
});
