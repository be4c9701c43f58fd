/**
 * A seeded pseudo-random source: the same seed always gives the same sequence,
 * so a build keeps its roast however often it is composed.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
};

export function seededRandom(seed: string): Random {
  let state = hashString(seed);
  // mulberry32: tiny, fast and well spread for a 32-bit state.
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const index = (length: number) => Math.floor(next() * length);
  return {
    next,
    pick(items) {
      if (items.length === 0) throw new Error('Cannot pick from an empty list');
      return items[index(items.length)] as (typeof items)[number];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = index(i + 1);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
}

/** FNV-1a over UTF-16 code units: stable across runs and platforms. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
