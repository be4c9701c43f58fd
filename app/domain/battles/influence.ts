import { type BattleVote, type WeightedVote, firstShare } from './model';

/**
 * How much one member's votes about any one build count, in all: a member who votes on
 * the same build m times has each of those votes weighted 1/m (or less, by the other
 * build of the vote). A member's taste about a build is one piece of evidence however
 * often they repeat it.
 */
export const MEMBER_BUILD_WEIGHT = 1;

/**
 * Pairs are served by choosePair, so an honest member meets any one build in a few
 * percent of their pairs (2 / builds by chance). A member whose votes about one build are
 * at least `minVotes` and at least `share` of all their votes (or `chance` times what
 * chance gives, in a small field) skipped pairs to find it: those votes count for nothing.
 */
export const FOCUS = { minVotes: 5, share: 0.25, chance: 4 } as const;

export interface InfluenceOptions {
  /** Total weight of one member's votes about one build (MEMBER_BUILD_WEIGHT). */
  perMemberBuild?: number;
  /** Members whose votes count for nothing (discounted by staff, see decision 022). */
  droppedVoters?: ReadonlySet<number>;
}

/** Applies the per-member influence cap (and drops what ring rules say), giving weights. */
export function capInfluence(votes: readonly BattleVote[], options: InfluenceOptions = {}): WeightedVote[] {
  const cap = options.perMemberBuild ?? MEMBER_BUILD_WEIGHT;
  const dropped = options.droppedVoters;
  const valid = votes.filter((vote) => vote.first !== vote.second && firstShare(vote.outcome) !== undefined && !dropped?.has(vote.voterId));
  const perVoter = new Map<number, { votes: number; builds: Map<number, number> }>();
  const field = new Set<number>();
  for (const vote of valid) {
    let voter = perVoter.get(vote.voterId);
    if (!voter) perVoter.set(vote.voterId, (voter = { votes: 0, builds: new Map() }));
    voter.votes += 1;
    voter.builds.set(vote.first, (voter.builds.get(vote.first) ?? 0) + 1);
    voter.builds.set(vote.second, (voter.builds.get(vote.second) ?? 0) + 1);
    field.add(vote.first).add(vote.second);
  }
  const focusShare = Math.max(FOCUS.share, (FOCUS.chance * 2) / field.size);
  const weights: WeightedVote[] = [];
  for (const vote of valid) {
    const voter = perVoter.get(vote.voterId)!;
    const first = voter.builds.get(vote.first)!;
    const second = voter.builds.get(vote.second)!;
    const focused = (count: number) => count >= FOCUS.minVotes && count >= focusShare * voter.votes;
    if (focused(first) || focused(second)) continue;
    weights.push({ first: vote.first, second: vote.second, outcome: vote.outcome, weight: Math.min(1, cap / first, cap / second) });
  }
  return weights;
}
