import { type BattleVote, type WeightedVote, firstShare } from './model';

/**
 * How much one member's votes about any one build count, in all: a member who votes on
 * the same build m times has each of those votes weighted 1/m (or less, by the other
 * build of the vote). A member's taste about a build is one piece of evidence however
 * often they repeat it, so a ring of five accounts is worth five votes on its build.
 */
export const MEMBER_BUILD_WEIGHT = 1;

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
  const kept = votes.filter((vote) => vote.first !== vote.second && firstShare(vote.outcome) !== undefined && !dropped?.has(vote.voterId));
  const perVoter = new Map<number, Map<number, number>>();
  for (const vote of kept) {
    let builds = perVoter.get(vote.voterId);
    if (!builds) perVoter.set(vote.voterId, (builds = new Map()));
    builds.set(vote.first, (builds.get(vote.first) ?? 0) + 1);
    builds.set(vote.second, (builds.get(vote.second) ?? 0) + 1);
  }
  return kept.map((vote) => {
    const builds = perVoter.get(vote.voterId)!;
    const weight = Math.min(1, cap / builds.get(vote.first)!, cap / builds.get(vote.second)!);
    return { first: vote.first, second: vote.second, outcome: vote.outcome, weight };
  });
}
