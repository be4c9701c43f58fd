import type { PartCategory } from './build-parts';

/*
 * A glow-up is a build of its own (its own photos, roast and ratings) that names an
 * earlier build of the same owner: new photos of the same rig (decision 028). These are
 * the pure rules about what changed between the two.
 */

export type ListedPart = { category: PartCategory; name: string };

export type PartChanges = {
  added: ListedPart[];
  removed: ListedPart[];
  /** A part that left and one of the same kind that came in. */
  replaced: { category: PartCategory; from: string; to: string }[];
};

/** How two part names are compared: letter case and spacing aside, "RTX 4070" is "rtx  4070". */
function partKey(part: ListedPart): string {
  return `${part.category}\u0000${part.name.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

/**
 * What changed from the earlier confirmed parts list to the later one: a part gone and
 * another of the same category come is a replacement (paired in list order); the rest
 * were added or removed. Parts on both lists did not change.
 */
export function partChanges(before: readonly ListedPart[], after: readonly ListedPart[]): PartChanges {
  const left = withoutCommon(before, after);
  const came = withoutCommon(after, before);
  const replaced: PartChanges['replaced'] = [];
  const removed: ListedPart[] = [];
  for (const part of left) {
    const index = came.findIndex((other) => other.category === part.category);
    if (index === -1) {
      removed.push(part);
      continue;
    }
    const [successor] = came.splice(index, 1);
    if (successor) replaced.push({ category: part.category, from: part.name, to: successor.name });
  }
  return { added: came, removed, replaced };
}

/** The parts of `list` that `other` does not hold, each counted as often as it appears. */
function withoutCommon(list: readonly ListedPart[], other: readonly ListedPart[]): ListedPart[] {
  const remaining = new Map<string, number>();
  for (const part of other) remaining.set(partKey(part), (remaining.get(partKey(part)) ?? 0) + 1);
  return list.filter((part) => {
    const count = remaining.get(partKey(part)) ?? 0;
    if (count === 0) return true;
    remaining.set(partKey(part), count - 1);
    return false;
  });
}

export function hasPartChanges(changes: PartChanges): boolean {
  return changes.added.length + changes.removed.length + changes.replaced.length > 0;
}

/**
 * Whether the owner did what the earlier roast's advice said: the advice names the
 * parts it wants upgraded ("The RTX 3060 is the part to upgrade first"), whichever
 * roaster wrote it. 'listened' when one of those parts was replaced or removed;
 * 'ignored' when the advice named parts and all of them are still there; 'unclear' when
 * the advice named none of the earlier parts (or there was none).
 */
export type AdviceVerdict = { verdict: 'listened' | 'ignored' | 'unclear'; advised: string[] };

export function adviceFollowed(earlierAdvice: readonly string[], before: readonly ListedPart[], changes: PartChanges): AdviceVerdict {
  const advice = earlierAdvice.join(' ').toLowerCase();
  const advised = [
    ...new Set(before.map((part) => part.name.trim()).filter((name) => name.length > 1 && advice.includes(name.toLowerCase()))),
  ];
  if (advised.length === 0) return { verdict: 'unclear', advised };
  const gone = new Set(
    [...changes.removed.map((part) => part.name), ...changes.replaced.map((part) => part.from)].map((name) => name.trim()),
  );
  return { verdict: advised.some((name) => gone.has(name)) ? 'listened' : 'ignored', advised };
}

/**
 * How "Best glow-ups" ranks: by improvement, the glow-up's average rating minus the
 * earlier build's, and only when both have at least this many ratings, so two early
 * votes cannot put a glow-up on top.
 */
export const GLOW_UP_MIN_RATINGS = 5;

/** The change in average rating from the earlier build to its glow-up; null until both have enough ratings to say. */
export function improvement(before: { averageRating: number; ratingCount: number }, after: { averageRating: number; ratingCount: number }) {
  if (before.ratingCount < GLOW_UP_MIN_RATINGS || after.ratingCount < GLOW_UP_MIN_RATINGS) return null;
  return after.averageRating - before.averageRating;
}

/** "+0.9", "-0.4", "0.0": a change in average rating, signed, to one decimal. */
export function improvementText(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '-' : ''}${Math.abs(rounded).toFixed(1)}`;
}

/** How many glow-ups a page of "Best glow-ups" shows (the page and GET /api/glow-ups). */
export const GLOW_UPS_PAGE_SIZE = 12;
