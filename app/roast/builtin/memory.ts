import { hashString, type Random } from './random';

/**
 * What the built-in roaster knows of earlier roasts (or RoastBot replies): which
 * lines they used, and how members' reactions weigh each line.
 */
export type LineMemory = {
  /** Line ids used lately, with how many roasts ago each was last used (0: the newest). */
  recent: ReadonlyMap<string, number>;
  /** Each line's weight from reactions (see lineWeight); a line not here weighs 1. */
  weights: ReadonlyMap<string, number>;
};

export const NO_MEMORY: LineMemory = { recent: new Map(), weights: new Map() };

/** The site-wide no-repeat window: no line of the last this many roasts while an unused one fits. */
export const ROAST_MEMORY = 200;
/** The same for RoastBot's built-in replies, site-wide and within a thread. */
export const REPLY_MEMORY = 50;

/**
 * Reactions move a line's weight between these bounds: a line that keeps missing
 * is picked half as often as an unrated one, one that keeps landing twice as often.
 */
export const MIN_WEIGHT = 0.5;
export const MAX_WEIGHT = 2;
/**
 * Laplace smoothing: every line starts as if PRIOR_VOTES members had found it
 * landed and as many missed, so a handful of votes moves it only a little (one
 * member, counted once per line, moves an unrated line from 1 to 1.14 or 0.86).
 */
export const PRIOR_VOTES = 3;

/** A line's weight from the members who found it landed (🔥) or missed (🥱), each counted once per line. */
export function lineWeight(landed: number, missed: number): number {
  const ratio = (landed + PRIOR_VOTES) / (landed + missed + 2 * PRIOR_VOTES);
  return Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, 2 * ratio));
}

/** Line id → how many roasts ago it was last used, from each roast's line ids, newest roast first. */
export function recentLines(newestFirst: readonly (readonly string[])[]): Map<string, number> {
  const recent = new Map<string, number>();
  newestFirst.forEach((lines, age) => {
    for (const line of lines) if (!recent.has(line)) recent.set(line, age);
  });
  return recent;
}

const ids = new Map<string, string>();

/** A stable id for a line or a sentence part: its text's hash, so ids survive lines being added or reordered. */
export function lineId(template: string): string {
  let id = ids.get(template);
  if (id === undefined) {
    id = `${hashString(template).toString(36)}${hashString(`~${template}`).toString(36)}`;
    // Lines and parts are a fixed set; composed sentences are many, so only short-lived ones go uncached.
    if (ids.size < MAX_CACHED_IDS) ids.set(template, id);
  }
  return id;
}

/** Room for every line and part many times over; composed sentences beyond it are hashed each time. */
const MAX_CACHED_IDS = 20_000;

type Candidate = { id: string };

/**
 * One candidate no recent roast used and this one has not used yet, drawn by
 * weight; null when every candidate was used lately.
 */
export function pickFresh<T extends Candidate>(
  random: Random,
  candidates: readonly T[],
  memory: LineMemory,
  used: ReadonlySet<string>,
): T | null {
  const fresh = candidates.filter((candidate) => !used.has(candidate.id) && !memory.recent.has(candidate.id));
  return fresh.length > 0 ? pickWeighted(random, fresh, memory) : null;
}

/**
 * A fresh candidate when there is one, else one from the older half of those used
 * lately (drawn by weight). Not strictly the oldest: parts picked in strict order
 * would come round in lockstep and rebuild the same sentences.
 */
export function pickLeastRecent<T extends Candidate>(
  random: Random,
  candidates: readonly T[],
  memory: LineMemory,
  used: ReadonlySet<string>,
): T {
  const fresh = pickFresh(random, candidates, memory, used);
  if (fresh) return fresh;
  const open = candidates.filter((candidate) => !used.has(candidate.id));
  const byAge = [...(open.length > 0 ? open : candidates)].sort(
    (a, b) => (memory.recent.get(b.id) ?? Infinity) - (memory.recent.get(a.id) ?? Infinity),
  );
  return pickWeighted(random, byAge.slice(0, Math.ceil(byAge.length / 2)), memory);
}

function pickWeighted<T extends Candidate>(random: Random, candidates: readonly T[], memory: LineMemory): T {
  const weights = candidates.map((candidate) => memory.weights.get(candidate.id) ?? 1);
  let roll = random.next() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [i, candidate] of candidates.entries()) {
    roll -= weights[i] ?? 1;
    if (roll < 0) return candidate;
  }
  return random.pick(candidates);
}
