// The orders a list of builds can be read in, as the URL names them (`?sort=`):
// a member's page offers these, and the model that sorts them is
// models/build-order.server.ts.

export const BUILD_SORTS = ['newest', 'top-rated', 'most-discussed'] as const;
export type BuildSort = (typeof BUILD_SORTS)[number];

/** Each order's tab label. */
export const BUILD_SORT_LABELS: Record<BuildSort, string> = {
  newest: 'Newest',
  'top-rated': 'Top rated',
  'most-discussed': 'Most discussed',
};

/** The order a `?sort=` value names; anything else, or none, is newest first. */
export function parseBuildSort(value: string | null | undefined): BuildSort {
  return (BUILD_SORTS as readonly string[]).includes(value ?? '') ? (value as BuildSort) : 'newest';
}
