import { describe, expect, it } from 'vitest';
import { CONSERVATIVE_K, PRIOR_SD, fitStrengths } from './fit';
import { type BattleOutcome, type WeightedVote } from './model';

const ids = Array.from({ length: 10 }, (_, index) => index + 1);
const vote = (first: number, second: number, outcome: BattleOutcome = 'first', weight = 1): WeightedVote => ({
  first,
  second,
  outcome,
  weight,
});
/** Every build but the first plays its neighbours, so the field has a spread of opinions. */
const field: WeightedVote[] = ids.slice(1, -1).flatMap((id) => [vote(id, id + 1), vote(id + 1, id), vote(id, id + 1)]);
const of = (strengths: ReturnType<typeof fitStrengths>, buildId: number) => strengths.find((strength) => strength.buildId === buildId)!;
const rankOf = (strengths: ReturnType<typeof fitStrengths>, buildId: number) =>
  [...strengths].sort((a, b) => b.estimate - a.estimate).findIndex((strength) => strength.buildId === buildId) + 1;

describe('fitStrengths', () => {
  it('ranks a build that wins everything first, but with few votes keeps it near the middle', () => {
    const few = fitStrengths(ids, [...field, vote(1, 2), vote(3, 1, 'second')]);
    const many = fitStrengths(ids, [...field, ...ids.slice(1).flatMap((id) => Array.from({ length: 5 }, () => vote(1, id)))]);
    expect(rankOf(few, 1)).toBe(1);
    expect(rankOf(many, 1)).toBe(1);
    expect(of(few, 1).estimate).toBeLessThan(PRIOR_SD);
    expect(of(many, 1).estimate).toBeGreaterThan(of(few, 1).estimate + 1);
  });

  it('is sure of a build in proportion to its votes: its sd shrinks as they come', () => {
    const sdAfter = (games: number) =>
      of(
        fitStrengths(
          ids,
          Array.from({ length: games }, (_, index) => vote(1, 2 + (index % 9), index % 2 ? 'first' : 'second')),
        ),
        1,
      ).sd;
    expect(sdAfter(0)).toBeCloseTo(PRIOR_SD, 10);
    expect(sdAfter(4)).toBeLessThan(sdAfter(0));
    expect(sdAfter(40)).toBeLessThan(sdAfter(4) / 2);
  });

  it('scores each build by the lower end of its interval', () => {
    for (const strength of fitStrengths(ids, field)) {
      expect(strength.conservative).toBeCloseTo(strength.estimate - CONSERVATIVE_K * strength.sd, 12);
    }
  });

  it('counts "can\'t decide" as half a win each way: it brings two builds together and says they are close', () => {
    const wins = [vote(1, 2), vote(1, 2), vote(1, 2)];
    const apart = fitStrengths([1, 2], wins);
    const drawn = fitStrengths([1, 2], [...wins, vote(1, 2, 'draw'), vote(2, 1, 'draw')]);
    const halves = fitStrengths(
      [1, 2],
      [...wins, vote(1, 2, 'first', 0.5), vote(1, 2, 'second', 0.5), vote(2, 1, 'first', 0.5), vote(2, 1, 'second', 0.5)],
    );
    expect(of(drawn, 1).estimate).toBeGreaterThan(of(drawn, 2).estimate);
    expect(of(drawn, 1).estimate - of(drawn, 2).estimate).toBeLessThan(of(apart, 1).estimate - of(apart, 2).estimate);
    expect(of(drawn, 1).estimate).toBeCloseTo(of(halves, 1).estimate, 6);
    const onlyDraws = fitStrengths([1, 2], [vote(1, 2, 'draw'), vote(2, 1, 'draw')]);
    expect(of(onlyDraws, 1).estimate).toBeCloseTo(0, 6);
    expect(of(onlyDraws, 1).sd).toBeLessThan(PRIOR_SD);
  });

  it('gives the same strengths from a warm start as from a cold one', () => {
    const cold = fitStrengths(ids, field);
    const warm = fitStrengths(ids, field, new Map(ids.map((id) => [id, id % 2 ? 2 : -2])));
    for (const id of ids) expect(of(warm, id).estimate).toBeCloseTo(of(cold, id).estimate, 4);
  });

  it('leaves out votes about builds outside the field, with no weight, or of a build against itself', () => {
    const plain = fitStrengths(ids, field);
    const noisy = fitStrengths(ids, [
      ...field,
      vote(1, 99),
      vote(99, 2),
      vote(3, 4, 'first', 0),
      vote(5, 5),
      vote(6, 7, 'first', Number.NaN),
    ]);
    expect(noisy).toEqual(plain);
  });

  it('answers in the order of the builds asked about, each once', () => {
    const strengths = fitStrengths([3, 1, 3, 2], field);
    expect(strengths.map((strength) => strength.buildId)).toEqual([3, 1, 2]);
    expect(fitStrengths([], field)).toEqual([]);
  });

  it('fits plain maximum likelihood when asked, without breaking on a build that never loses', () => {
    const strengths = fitStrengths(ids, [...field, vote(1, 2), vote(1, 3)], undefined, { priorSd: Infinity, maxIterations: 50 });
    expect(rankOf(strengths, 1)).toBe(1);
    for (const strength of strengths) expect(Number.isNaN(strength.estimate)).toBe(false);
  });
});
