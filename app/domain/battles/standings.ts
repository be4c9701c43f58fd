import type { BattleStrength } from './model';

/**
 * A standing that moved less than this (on the logit scale) since it was stored is not
 * written again: far below anything a page shows, and about what a refit's convergence
 * leaves between two fits of the same votes.
 */
export const STANDING_TOLERANCE = 1e-6;

/** A build's standing as the last refit stored it. */
export type StoredStanding = Pick<BattleStrength, 'estimate' | 'sd' | 'votes'>;

/** What a refit writes: the standings new or moved since the stored ones, and the stored builds it no longer fits. */
export type StandingChanges = { changed: BattleStrength[]; gone: number[] };

const moved = (stored: number, fitted: number) => stored !== fitted && !(Math.abs(stored - fitted) <= STANDING_TOLERANCE);

/**
 * The difference between the stored standings and a fit's: a refit after one vote or one
 * new build writes a handful of rows, not one per listed build.
 */
export function standingChanges(stored: ReadonlyMap<number, StoredStanding>, fitted: readonly BattleStrength[]): StandingChanges {
  const changed = fitted.filter((strength) => {
    const before = stored.get(strength.buildId);
    return !before || before.votes !== strength.votes || moved(before.estimate, strength.estimate) || moved(before.sd, strength.sd);
  });
  const fittedIds = new Set(fitted.map((strength) => strength.buildId));
  const gone = [...stored.keys()].filter((buildId) => !fittedIds.has(buildId));
  return { changed, gone };
}
