// Contest mode's order: while a competition runs its entries are shown shuffled, a
// different order for each visitor, so no entry gains from always being seen first.

/** FNV-1a over UTF-16 code units, then a final avalanche: a 32-bit hash that spreads near-identical seeds apart. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The UTC day of `at`, `YYYY-MM-DD`: the order changes once a day, the same hour for everyone. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * What one visitor's order is drawn from: who they are (`member:ID`, or a guest's
 * network), which competition, which UTC day. The same seed always gives the same order.
 */
export function contestSeed(visitor: string, competitionId: number, at: Date): string {
  return `${visitor}|${competitionId}|${utcDay(at)}`;
}

/** `items` ordered by a hash of the seed and each item's id: stable for a seed, shuffled across seeds. */
export function contestOrder<T extends { id: number }>(items: readonly T[], seed: string): T[] {
  return items
    .map((item) => ({ item, key: hash32(`${seed}#${item.id}`) }))
    .sort((a, b) => a.key - b.key || a.item.id - b.item.id)
    .map(({ item }) => item);
}
