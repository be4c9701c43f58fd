import type { BuildTag } from './build-tags';

/**
 * The gallery's orders, as `/gallery?sort=…` and `GET /api/builds?sort=…` name
 * them. `relevance` (best match first) applies to a search only, and is its default.
 */
export const GALLERY_SORTS = ['newest', 'top', 'discussed', 'trending', 'relevance'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

/** The orders that rank builds by members' ratings (top rated's score, trending's heat): never a running competition's entries. */
export const RATED_SORTS: ReadonlySet<GallerySort> = new Set(['top', 'trending']);

/** The order the gallery reads when none is asked for: best match for a search, else newest. */
export function defaultGallerySort(q: string): GallerySort {
  return q ? 'relevance' : 'newest';
}

export const GALLERY_SORT_LABELS: Record<GallerySort, string> = {
  newest: 'Newest',
  top: 'Top rated',
  discussed: 'Most discussed',
  trending: 'Trending',
  relevance: 'Best match',
};

/**
 * The most tokens (words as the search index splits them: "NH-D15" is two) a search reads;
 * the rest of a longer search is left out, and the gallery says so. The spelled-apart form
 * of a model number ("rtx 4090" for "RTX4090") is tried too while tokens are left. Each
 * token reads its list of builds, so this bounds what any search may cost, whatever it repeats.
 */
export const SEARCH_MAX_TOKENS = 8;

/** The longest search the gallery reads; the rest of a longer one is dropped. */
export const GALLERY_QUERY_MAX = 100;

/**
 * Trending (decision 018): each rating given in the last TRENDING_WINDOW_MS adds
 * stars/5, each member's comment 1, weighted by e^(−age/τ) with τ = TRENDING_TAU_MS,
 * so yesterday's activity counts 61 %, last week's 3 %.
 */
export const TRENDING_TAU_MS = 2 * 24 * 3600_000;
export const TRENDING_WINDOW_MS = 7 * 24 * 3600_000;

/** What the gallery filters by, and in which order: the search, the order, a tag, a competition. */
export type GalleryFilters = { q: string; sort: GallerySort; tag: BuildTag | null; competition: number | null };
