import { describe, expect, it } from 'vitest';
import type { BattleStrength } from './model';
import { STANDING_TOLERANCE, type StoredStanding, standingChanges } from './standings';

const strength = (buildId: number, estimate: number, sd = 1, votes = 3): BattleStrength => ({
  buildId,
  estimate,
  sd,
  conservative: estimate - 1.64 * sd,
  votes,
});
const stored = (...strengths: BattleStrength[]) =>
  new Map<number, StoredStanding>(strengths.map(({ buildId, estimate, sd, votes }) => [buildId, { estimate, sd, votes }]));

describe('standingChanges', () => {
  it('writes nothing when the fit left every standing where it was stored', () => {
    const field = [strength(1, 0.5), strength(2, -0.5), strength(3, 0, 1.5, 0)];
    expect(standingChanges(stored(...field), field)).toEqual({ changed: [], gone: [] });
  });

  it('writes the builds new to the standings and those whose estimate, sd or votes moved', () => {
    const before = stored(strength(1, 0.5), strength(2, -0.5), strength(3, 0), strength(4, 1));
    const after = [strength(1, 0.5), strength(2, -0.4), strength(3, 0, 0.9), strength(4, 1, 1, 4), strength(5, 0, 1.5, 0)];
    expect(standingChanges(before, after).changed.map((row) => row.buildId)).toEqual([2, 3, 4, 5]);
  });

  it('leaves a standing that moved by less than the tolerance, and writes one that moved by more', () => {
    const before = stored(strength(1, 0.5), strength(2, 0.5));
    const after = [strength(1, 0.5 + STANDING_TOLERANCE / 2), strength(2, 0.5 + 2 * STANDING_TOLERANCE)];
    expect(standingChanges(before, after).changed.map((row) => row.buildId)).toEqual([2]);
  });

  it('names the stored builds the fit no longer has, to be removed', () => {
    expect(standingChanges(stored(strength(1, 0), strength(2, 0), strength(3, 0)), [strength(2, 0)]).gone).toEqual([1, 3]);
  });

  it('writes a standing that became unknown, and leaves one that stays infinitely unsure', () => {
    const before = stored(strength(1, 0.5), strength(2, 0, Infinity, 0));
    const after = [strength(1, Number.NaN), strength(2, 0, Infinity, 0)];
    expect(standingChanges(before, after).changed.map((row) => row.buildId)).toEqual([1]);
  });
});
