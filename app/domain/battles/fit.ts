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
  /** Stop when a Newton step moves no strength by more than this. */
  tolerance?: number;
  maxIterations?: number;
}

// A Newton step moves one strength at most this far: under plain maximum likelihood a
// build that never loses heads for infinity, and it must not drag the others along.
const MAX_STEP = 2;
// The conjugate gradients stop when the residual is this share of the gradient (an
// inexact Newton step still converges fast), or after CG_ITERATIONS.
const CG_TOLERANCE = 1e-4;
const CG_ITERATIONS = 200;

/** The votes summed per pair of builds (by their index in the field). */
interface Games {
  low: Int32Array;
  high: Int32Array;
  total: Float64Array;
  lowWins: Float64Array;
  /** Votes per build. */
  votes: Uint32Array;
}

/** Sums the votes per pair in linear time: votes grouped by their lower build, then by the higher. */
function gamesOf(index: ReadonlyMap<number, number>, votes: readonly WeightedVote[]): Games {
  const size = index.size;
  const lows = new Int32Array(votes.length);
  const highs = new Int32Array(votes.length);
  const weights = new Float64Array(votes.length);
  const lowShares = new Float64Array(votes.length);
  const counted = new Uint32Array(size);
  let kept = 0;
  for (const vote of votes) {
    const a = index.get(vote.first);
    const b = index.get(vote.second);
    const share = firstShare(vote.outcome);
    const weight = vote.weight;
    if (a === undefined || b === undefined || a === b || share === undefined || !(weight > 0 && weight < Infinity)) continue;
    lows[kept] = Math.min(a, b);
    highs[kept] = Math.max(a, b);
    weights[kept] = weight;
    lowShares[kept] = a < b ? share : 1 - share;
    counted[a]! += 1;
    counted[b]! += 1;
    kept += 1;
  }
  const start = new Int32Array(size + 1);
  for (let vote = 0; vote < kept; vote++) start[lows[vote]! + 1]! += 1;
  for (let build = 0; build < size; build++) start[build + 1]! += start[build]!;
  const order = new Int32Array(kept);
  const next = start.slice(0, size);
  for (let vote = 0; vote < kept; vote++) order[next[lows[vote]!]!++] = vote;

  const pairOf = new Int32Array(size);
  const stamp = new Int32Array(size).fill(-1);
  const low = new Int32Array(kept);
  const high = new Int32Array(kept);
  const total = new Float64Array(kept);
  const lowWins = new Float64Array(kept);
  let pairs = 0;
  for (let build = 0; build < size; build++) {
    for (let at = start[build]!; at < start[build + 1]!; at++) {
      const vote = order[at]!;
      const other = highs[vote]!;
      if (stamp[other] !== build) {
        stamp[other] = build;
        pairOf[other] = pairs;
        low[pairs] = build;
        high[pairs] = other;
        pairs += 1;
      }
      const pair = pairOf[other]!;
      total[pair]! += weights[vote]!;
      lowWins[pair]! += weights[vote]! * lowShares[vote]!;
    }
  }
  return {
    low: low.subarray(0, pairs),
    high: high.subarray(0, pairs),
    total: total.subarray(0, pairs),
    lowWins: lowWins.subarray(0, pairs),
    votes: counted,
  };
}

/**
 * The penalised log-likelihood's gradient at the strengths, each pair's information
 * n p (1 - p), and each build's information (the negative Hessian's diagonal, with the prior's).
 */
function evaluate(
  games: Games,
  theta: Float64Array,
  precision: number,
  gradient: Float64Array,
  pairInformation: Float64Array,
  information: Float64Array,
) {
  for (let build = 0; build < theta.length; build++) {
    gradient[build] = -precision * theta[build]!;
    information[build] = precision;
  }
  for (let pair = 0; pair < games.low.length; pair++) {
    const low = games.low[pair]!;
    const high = games.high[pair]!;
    const total = games.total[pair]!;
    const p = 1 / (1 + Math.exp(theta[high]! - theta[low]!));
    const surprise = games.lowWins[pair]! - total * p;
    gradient[low]! += surprise;
    gradient[high]! -= surprise;
    const shared = total * p * (1 - p);
    pairInformation[pair] = shared;
    information[low]! += shared;
    information[high]! += shared;
  }
}

/** out = H v, H the negative Hessian: a weighted graph Laplacian plus the prior's precision. */
function multiply(games: Games, pairInformation: Float64Array, precision: number, v: Float64Array, out: Float64Array) {
  for (let build = 0; build < v.length; build++) out[build] = precision * v[build]!;
  for (let pair = 0; pair < games.low.length; pair++) {
    const low = games.low[pair]!;
    const high = games.high[pair]!;
    const flow = pairInformation[pair]! * (v[low]! - v[high]!);
    out[low]! += flow;
    out[high]! -= flow;
  }
}

/** Solves H step = gradient by conjugate gradients, preconditioned by H's diagonal. */
function newtonStep(
  games: Games,
  pairInformation: Float64Array,
  information: Float64Array,
  precision: number,
  gradient: Float64Array,
): Float64Array {
  const size = gradient.length;
  const step = new Float64Array(size);
  const residual = Float64Array.from(gradient);
  const direction = new Float64Array(size);
  const product = new Float64Array(size);
  const scaled = (build: number) => (information[build]! > 0 ? residual[build]! / information[build]! : 0);
  let target = 0;
  let rz = 0;
  for (let build = 0; build < size; build++) {
    target = Math.max(target, Math.abs(gradient[build]!));
    direction[build] = scaled(build);
    rz += residual[build]! * direction[build]!;
  }
  target *= CG_TOLERANCE;
  for (let iteration = 0; iteration < CG_ITERATIONS && rz > 0; iteration++) {
    multiply(games, pairInformation, precision, direction, product);
    let curvature = 0;
    for (let build = 0; build < size; build++) curvature += direction[build]! * product[build]!;
    if (!(curvature > 0)) break;
    const alpha = rz / curvature;
    let largest = 0;
    for (let build = 0; build < size; build++) {
      step[build]! += alpha * direction[build]!;
      residual[build]! -= alpha * product[build]!;
      largest = Math.max(largest, Math.abs(residual[build]!));
    }
    if (largest <= target) break;
    let next = 0;
    for (let build = 0; build < size; build++) next += residual[build]! * scaled(build);
    const beta = next / rz;
    rz = next;
    for (let build = 0; build < size; build++) direction[build] = scaled(build) + beta * direction[build]!;
  }
  return step;
}

/**
 * Bradley-Terry MAP fit with a Gaussian prior; warm start from the previous estimates.
 * Newton's method on the penalised log-likelihood, each step solved by conjugate gradients
 * over the pairs (so a refit of 100 000 builds takes seconds and a warm start one or two
 * steps). A draw counts as half a win each way; votes about builds not in `buildIds` are
 * left out.
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
  const maxIterations = options.maxIterations ?? 50;

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
  const gradient = new Float64Array(size);
  const pairInformation = new Float64Array(games.low.length);
  const information = new Float64Array(size);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    evaluate(games, theta, precision, gradient, pairInformation, information);
    const step = newtonStep(games, pairInformation, information, precision, gradient);
    let largest = 0;
    let mean = 0;
    for (let build = 0; build < size; build++) {
      const move = Math.max(-MAX_STEP, Math.min(MAX_STEP, step[build]!));
      theta[build]! += move;
      largest = Math.max(largest, Math.abs(move));
      mean += theta[build]!;
    }
    // The likelihood ignores a common shift: only the prior pins it, at a mean of 0.
    mean /= size;
    for (let build = 0; build < size; build++) theta[build]! -= mean;
    if (largest < tolerance) break;
  }

  evaluate(games, theta, precision, gradient, pairInformation, information);
  return ids.map((buildId, build) => {
    const sd = information[build]! > 0 ? 1 / Math.sqrt(information[build]!) : Infinity;
    const estimate = theta[build]!;
    return { buildId, estimate, sd, conservative: estimate - CONSERVATIVE_K * sd, votes: games.votes[build]! };
  });
}
