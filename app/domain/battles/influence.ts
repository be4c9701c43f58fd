import { type BattleVote, type WeightedVote, firstShare } from './model';

/**
 * How much one member's votes about any one build count, in all: a member who votes on
 * the same build m times has each of those votes weighted 1/m (or less, by the other
 * build of the vote). A member's taste about a build is one piece of evidence however
 * often they repeat it.
 */
export const MEMBER_BUILD_WEIGHT = 1;

/**
 * Pairs are served by choosePair, so an honest member meets any one build in about 2 of
 * every `builds` pairs (a few times that for a build the model is unsure of). A member
 * whose votes about one build are at least `minVotes` and at least `chance` times what
 * chance gives skipped pairs to find it: those votes count for nothing. A ring must then
 * answer `chance` times as many pairs as it wants votes for its build, and its votes on the
 * other pairs are honest evidence, capped like anyone's.
 */
export const FOCUS = { minVotes: 5, chance: 10 } as const;

export interface InfluenceOptions {
  /** Total weight of one member's votes about one build (MEMBER_BUILD_WEIGHT). */
  perMemberBuild?: number;
  /** Members whose votes count for nothing (discounted by staff, see decision 022). */
  droppedVoters?: ReadonlySet<number>;
}

/** The dense index of `id` in `index`, added if new. */
function indexOf(index: Map<number, number>, id: number): number {
  let at = index.get(id);
  if (at === undefined) index.set(id, (at = index.size));
  return at;
}

/**
 * Applies the per-member influence cap (and drops what ring rules say), giving weights.
 * Linear in the votes: they are grouped by member (a counting sort), and each member's
 * votes per build are counted in one array shared by all members.
 */
export function capInfluence(votes: readonly BattleVote[], options: InfluenceOptions = {}): WeightedVote[] {
  const cap = options.perMemberBuild ?? MEMBER_BUILD_WEIGHT;
  const dropped = options.droppedVoters;
  const valid = votes.filter((vote) => vote.first !== vote.second && firstShare(vote.outcome) !== undefined && !dropped?.has(vote.voterId));
  const voterIndex = new Map<number, number>();
  const buildIndex = new Map<number, number>();
  const voterOf = new Int32Array(valid.length);
  const firstOf = new Int32Array(valid.length);
  const secondOf = new Int32Array(valid.length);
  valid.forEach((vote, at) => {
    voterOf[at] = indexOf(voterIndex, vote.voterId);
    firstOf[at] = indexOf(buildIndex, vote.first);
    secondOf[at] = indexOf(buildIndex, vote.second);
  });
  const start = new Int32Array(voterIndex.size + 1);
  for (const voter of voterOf) start[voter + 1]! += 1;
  for (let voter = 0; voter < voterIndex.size; voter++) start[voter + 1]! += start[voter]!;
  const order = new Int32Array(valid.length);
  const next = start.slice(0, voterIndex.size);
  voterOf.forEach((voter, at) => (order[next[voter]!++] = at));

  const focusShare = (FOCUS.chance * 2) / buildIndex.size;
  const count = new Int32Array(buildIndex.size);
  const weightOf = new Float64Array(valid.length);
  for (let voter = 0; voter < voterIndex.size; voter++) {
    const from = start[voter]!;
    const to = start[voter + 1]!;
    for (let at = from; at < to; at++) {
      count[firstOf[order[at]!]!]! += 1;
      count[secondOf[order[at]!]!]! += 1;
    }
    const focused = Math.max(FOCUS.minVotes, focusShare * (to - from));
    for (let at = from; at < to; at++) {
      const first = count[firstOf[order[at]!]!]!;
      const second = count[secondOf[order[at]!]!]!;
      weightOf[order[at]!] = first >= focused || second >= focused ? 0 : Math.min(1, cap / first, cap / second);
    }
    for (let at = from; at < to; at++) {
      count[firstOf[order[at]!]!] = 0;
      count[secondOf[order[at]!]!] = 0;
    }
  }
  const weighted: WeightedVote[] = [];
  valid.forEach((vote, at) => {
    if (weightOf[at]! > 0) weighted.push({ first: vote.first, second: vote.second, outcome: vote.outcome, weight: weightOf[at]! });
  });
  return weighted;
}
