import { type BattleStrength, type WeightedVote, firstShare } from './model';

/**
 * The prior on a build's logit strength, N(0, PRIOR_SD^2): a build with few votes stays
 * near the middle. 1.5 means the field's typical build beats one a standard deviation
 * below it about 4 times in 5.
 */
export const PRIOR_SD = 1.5;

/** The leaderboard's score is estimate - CONSERVATIVE_K * sd: a one-sided 95 % lower bound. */
export const CONSERVATIVE_K = 1.64;

export interface FitOptions {
  /** Infinity fits plain maximum likelihood (what the simulation compares against). */
  priorSd?: number;
  /** Stop when no sweep moves any strength by more than this. */
  tolerance?: number;
  maxSweeps?: number;
}

// A Newton step on one strength is at most this long: a build far from its warm start
// (or one that wins everything under plain maximum likelihood) moves in bounded steps.
const MAX_STEP = 1;

/** The votes summed per pair, as adjacency lists: build i's opponents, games and wins. */
interface Games {
  offsets: Int32Array;
  opponent: Int32Array;
  total: Float64Array;
  wins: Float64Array;
  votes: Uint32Array;
}

function gamesOf(index: Map<number, number>, votes: readonly WeightedVote[]): Games {
  const size = index.size;
  const pairOf = new Map<number, number>();
  const lows: number[] = [];
  const highs: number[] = [];
  const totals: number[] = [];
  const lowWins: number[] = [];
  const counted = new Uint32Array(size);
  for (const vote of votes) {
    const a = index.get(vote.first);
    const b = index.get(vote.second);
    const share = firstShare(vote.outcome);
    const weight = vote.weight;
    if (a === undefined || b === undefined || a === b || share === undefined || !(weight > 0 && weight < Infinity)) continue;
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    const key = low * size + high;
    let pair = pairOf.get(key);
    if (pair === undefined) {
      pair = lows.length;
      pairOf.set(key, pair);
      lows.push(low);
      highs.push(high);
      totals.push(0);
      lowWins.push(0);
    }
    totals[pair]! += weight;
    lowWins[pair]! += weight * (a === low ? share : 1 - share);
    counted[a]! += 1;
    counted[b]! += 1;
  }
  const offsets = new Int32Array(size + 1);
  for (let pair = 0; pair < lows.length; pair++) {
    offsets[lows[pair]! + 1]! += 1;
    offsets[highs[pair]! + 1]! += 1;
  }
  for (let build = 0; build < size; build++) offsets[build + 1]! += offsets[build]!;
  const next = offsets.slice(0, size);
  const opponent = new Int32Array(2 * lows.length);
  const total = new Float64Array(2 * lows.length);
  const wins = new Float64Array(2 * lows.length);
  for (let pair = 0; pair < lows.length; pair++) {
    const low = lows[pair]!;
    const high = highs[pair]!;
    const atLow = next[low]!++;
    opponent[atLow] = high;
    total[atLow] = totals[pair]!;
    wins[atLow] = lowWins[pair]!;
    const atHigh = next[high]!++;
    opponent[atHigh] = low;
    total[atHigh] = totals[pair]!;
    wins[atHigh] = totals[pair]! - lowWins[pair]!;
  }
  return { offsets, opponent, total, wins, votes: counted };
}

/**
 * Build i's gradient and information (minus the second derivative) of the penalised
 * log-likelihood at the current strengths.
 */
function slope(games: Games, theta: Float64Array, precision: number, build: number): [gradient: number, information: number] {
  const own = theta[build]!;
  let gradient = -own * precision;
  let information = precision;
  for (let edge = games.offsets[build]!; edge < games.offsets[build + 1]!; edge++) {
    const total = games.total[edge]!;
    const p = 1 / (1 + Math.exp(theta[games.opponent[edge]!]! - own));
    gradient += games.wins[edge]! - total * p;
    information += total * p * (1 - p);
  }
  return [gradient, information];
}

/**
 * Bradley-Terry MAP fit with a Gaussian prior; warm start from the previous estimates.
 * Sweeps of per-build Newton steps on the penalised log-likelihood, each followed by the
 * exact optimal shift of all strengths (the likelihood ignores a common shift, so only the
 * prior pins it, and coordinate steps alone would take hundreds of sweeps to settle it).
 * A draw counts as half a win each way; votes about builds not in `buildIds` are left out.
 */
export function fitStrengths(
  buildIds: readonly number[],
  votes: readonly WeightedVote[],
  warmStart?: ReadonlyMap<number, number>,
  options: FitOptions = {},
): BattleStrength[] {
  const priorSd = options.priorSd ?? PRIOR_SD;
  const precision = priorSd === Infinity ? 0 : 1 / (priorSd * priorSd);
  const tolerance = options.tolerance ?? 1e-5;
  const maxSweeps = options.maxSweeps ?? 500;

  const index = new Map<number, number>();
  for (const id of buildIds) if (!index.has(id)) index.set(id, index.size);
  const ids = [...index.keys()];
  const size = ids.length;
  if (size === 0) return [];
  const games = gamesOf(index, votes);

  const theta = new Float64Array(size);
  if (warmStart) {
    for (let build = 0; build < size; build++) {
      const start = warmStart.get(ids[build]!);
      if (start !== undefined && Number.isFinite(start)) theta[build] = start;
    }
  }
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let largest = 0;
    for (let build = 0; build < size; build++) {
      const [gradient, information] = slope(games, theta, precision, build);
      if (!(information > 0)) continue;
      const step = Math.max(-MAX_STEP, Math.min(MAX_STEP, gradient / information));
      theta[build]! += step;
      largest = Math.max(largest, Math.abs(step));
    }
    let mean = 0;
    for (let build = 0; build < size; build++) mean += theta[build]!;
    mean /= size;
    for (let build = 0; build < size; build++) theta[build]! -= mean;
    if (largest < tolerance) break;
  }

  return ids.map((buildId, build) => {
    const [, information] = slope(games, theta, precision, build);
    const sd = information > 0 ? 1 / Math.sqrt(information) : Infinity;
    const estimate = theta[build]!;
    return { buildId, estimate, sd, conservative: estimate - CONSERVATIVE_K * sd, votes: games.votes[build]! };
  });
}
