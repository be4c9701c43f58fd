import { type BattleStrength, pairKey } from './model';

/** The share of pairs drawn at random from the whole field rather than chosen to inform. */
export const RANDOM_PAIR_SHARE = 0.1;

/**
 * An anchor's rivals are the builds within RIVAL_SD of its sd of its estimate: the ones
 * whose order against it is still in doubt.
 */
const RIVAL_SD = 2;

/**
 * An informative partner is within WINDOW_SD of the anchor's sd of its estimate (so an
 * uncertain build meets a wide range, a settled one its close rivals), and at least
 * MIN_NEIGHBOURS places either side in estimate order.
 */
export const WINDOW_SD = 1;
const MIN_NEIGHBOURS = 3;

/**
 * The anchor is the less sure of ANCHOR_DRAWS builds drawn in proportion to their sd times
 * their number of rivals (roughly the pairs of the ranking a build may have in the wrong
 * order), so votes go where the ranking is most in doubt and even out between refits; its
 * partner is the most informative of PARTNER_CANDIDATES fresh builds drawn from its window
 * (tuned in the simulation: nearest-only partners rank worse, as comparing equals says
 * little about where they stand in the field).
 */
const ANCHOR_DRAWS = 2;
const PARTNER_CANDIDATES = 3;

// Draws before a wider search: a few random picks find a fresh pair almost always; the
// wider searches are for a voter who has seen most of the neighbourhood.
const RANDOM_TRIES = 8;
const ANCHOR_TRIES = 8;
const PARTNER_TRIES = 8;

/** The field sorted by estimate, with what choosing a pair needs; built once per refit. */
export interface PairPool {
  /** Build ids, strongest first. */
  readonly ids: readonly number[];
  /** Estimates in the same order (descending). */
  readonly estimates: Float64Array;
  readonly sds: Float64Array;
  /** Running sums of the anchors' weights (sd times rivals). */
  readonly cumulative: Float64Array;
}

const finite = (value: number) => (Number.isFinite(value) ? value : 0);

/** Built once per refit (sorted structures etc.) so choosing a pair is cheap at 100 000 builds. */
export function pairPool(strengths: readonly BattleStrength[]): PairPool {
  const seen = new Set<number>();
  const field = strengths
    .filter((strength) => !seen.has(strength.buildId) && Boolean(seen.add(strength.buildId)))
    .sort((a, b) => finite(b.estimate) - finite(a.estimate) || a.buildId - b.buildId);
  const estimates = Float64Array.from(field, (strength) => finite(strength.estimate));
  const sds = Float64Array.from(field, (strength) => (strength.sd > 0 && strength.sd < Infinity ? strength.sd : 1));
  const cumulative = new Float64Array(field.length);
  let sum = 0;
  for (let position = 0; position < field.length; position++) {
    const reach = RIVAL_SD * sds[position]!;
    const rivals = firstAtMost(estimates, estimates[position]! - reach) - firstAtMost(estimates, estimates[position]! + reach);
    cumulative[position] = sum += sds[position]! * rivals;
  }
  return { ids: field.map((strength) => strength.buildId), estimates, sds, cumulative };
}

type Voter = { excluded: ReadonlySet<number>; seen: (a: number, b: number) => boolean };

/** A position in [0, size) from the injected source, safe against a source that returns 1. */
function below(size: number, random: () => number): number {
  return Math.min(size - 1, Math.floor(random() * size));
}

/** The first position whose estimate is at most `value` (estimates are descending). */
function firstAtMost(estimates: Float64Array, value: number): number {
  let low = 0;
  let high = estimates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (estimates[middle]! > value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function makeChecks(pool: PairPool, voter: Voter) {
  const usable = (position: number) => !voter.excluded.has(pool.ids[position]!);
  const fresh = (a: number, b: number) => {
    const [low, high] = pairKey(pool.ids[a]!, pool.ids[b]!);
    return !voter.seen(low, high);
  };
  return { usable, fresh };
}

type Checks = ReturnType<typeof makeChecks>;

function randomPair(pool: PairPool, { usable, fresh }: Checks, random: () => number): [number, number] | null {
  const size = pool.ids.length;
  for (let attempt = 0; attempt < RANDOM_TRIES; attempt++) {
    const a = below(size, random);
    let b = below(size - 1, random);
    if (b >= a) b += 1;
    if (usable(a) && usable(b) && fresh(a, b)) return [a, b];
  }
  return null;
}

function anchorAt(pool: PairPool, random: () => number): number {
  const total = pool.cumulative[pool.cumulative.length - 1]!;
  const target = random() * total;
  let low = 0;
  let high = pool.cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (pool.cumulative[middle]! > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * What a vote on the pair is expected to teach: the Bradley-Terry information p(1 - p) of
 * the pair by the current estimates, times how unsure we are of the two builds.
 */
function pairInformation(pool: PairPool, a: number, b: number): number {
  const p = 1 / (1 + Math.exp(pool.estimates[b]! - pool.estimates[a]!));
  return p * (1 - p) * (pool.sds[a]! ** 2 + pool.sds[b]! ** 2);
}

/** A partner for `anchor` close in estimate; the window widens when the voter has seen its pairs. */
function partnerFor(pool: PairPool, anchor: number, { usable, fresh }: Checks, random: () => number): number | null {
  const size = pool.ids.length;
  const estimate = pool.estimates[anchor]!;
  for (let reach = WINDOW_SD * pool.sds[anchor]!; reach < Infinity; reach *= 4) {
    const from = Math.max(0, Math.min(anchor - MIN_NEIGHBOURS, firstAtMost(pool.estimates, estimate + reach)));
    const to = Math.min(size - 1, Math.max(anchor + MIN_NEIGHBOURS, firstAtMost(pool.estimates, estimate - reach)));
    let best = -1;
    let bestScore = -1;
    for (let attempt = 0, found = 0; attempt < PARTNER_TRIES && found < PARTNER_CANDIDATES; attempt++) {
      let partner = from + below(to - from, random);
      if (partner >= anchor) partner += 1;
      if (!usable(partner) || !fresh(anchor, partner)) continue;
      found += 1;
      const score = pairInformation(pool, anchor, partner);
      if (score > bestScore) [best, bestScore] = [partner, score];
    }
    if (best >= 0) return best;
    if (from === 0 && to === size - 1) break;
  }
  // Every build near enough was seen: walk outwards until a fresh pair or the end.
  for (let distance = 1; distance < size; distance++) {
    for (const partner of [anchor - distance, anchor + distance]) {
      if (partner >= 0 && partner < size && usable(partner) && fresh(anchor, partner)) return partner;
    }
  }
  return null;
}

function informativePair(pool: PairPool, checks: Checks, random: () => number): [number, number] | null {
  for (let attempt = 0; attempt < ANCHOR_TRIES; attempt++) {
    let anchor = anchorAt(pool, random);
    for (let draw = 1; draw < ANCHOR_DRAWS; draw++) {
      const other = anchorAt(pool, random);
      if (pool.sds[other]! > pool.sds[anchor]!) anchor = other;
    }
    if (!checks.usable(anchor)) continue;
    const partner = partnerFor(pool, anchor, checks, random);
    if (partner !== null) return [anchor, partner];
  }
  return null;
}

/** Every usable pair in turn, from a random start: only when the draws found nothing. */
function anyPair(pool: PairPool, { usable, fresh }: Checks, random: () => number): [number, number] | null {
  const positions: number[] = [];
  for (let position = 0; position < pool.ids.length; position++) if (usable(position)) positions.push(position);
  if (positions.length < 2) return null;
  const start = below(positions.length, random);
  for (let step = 0; step < positions.length; step++) {
    const a = positions[(start + step) % positions.length]!;
    for (const b of positions) if (b !== a && fresh(a, b)) return [a, b];
  }
  return null;
}

/** An informative pair for one voter (mixed with some random ones), sides randomised;
 *  never a build in `excluded` (the voter's own), never a pair `seen(a, b)` says the voter
 *  has voted on (asked in pairKey order); null when none is left. `random` is injected
 *  (seeded in tests). */
export function choosePair(pool: PairPool, voter: Voter, random: () => number): [number, number] | null {
  if (pool.ids.length < 2) return null;
  const checks = makeChecks(pool, voter);
  const pair =
    (random() < RANDOM_PAIR_SHARE ? randomPair(pool, checks, random) : null) ??
    informativePair(pool, checks, random) ??
    anyPair(pool, checks, random);
  if (!pair) return null;
  const [a, b] = pair;
  const shown: [number, number] = [pool.ids[a]!, pool.ids[b]!];
  return random() < 0.5 ? shown : [shown[1], shown[0]];
}
