// Rig Battles' vocabulary: a member's vote on a pair of builds, the weight it keeps after
// the influence cap, and a build's fitted standing (docs/decisions/027-rig-battles.md).

/** Which side of the pair as shown won; `draw` is "can't decide". */
export type BattleOutcome = 'first' | 'second' | 'draw';

export interface BattleVote {
  voterId: number;
  first: number;
  second: number;
  outcome: BattleOutcome;
}

export interface WeightedVote {
  first: number;
  second: number;
  outcome: BattleOutcome;
  weight: number;
}

/**
 * A build's fitted strength on the logit scale (0 is the middle of the field), its
 * standard deviation, and the leaderboard's score: the lower end of its interval.
 */
export interface BattleStrength {
  buildId: number;
  estimate: number;
  sd: number;
  conservative: number;
  /** Votes with weight that involve the build. */
  votes: number;
}

/** The share of a win the first build of a vote gets: a draw is half a win each way. */
export function firstShare(outcome: BattleOutcome): number | undefined {
  if (outcome === 'first') return 1;
  if (outcome === 'second') return 0;
  if (outcome === 'draw') return 0.5;
  return undefined;
}

/** Canonical order of a pair for storage and the one-vote-per-pair rule. */
export function pairKey(a: number, b: number): [low: number, high: number] {
  if (a === b) throw new RangeError(`A battle pair needs two builds, got ${a} twice`);
  return a < b ? [a, b] : [b, a];
}
