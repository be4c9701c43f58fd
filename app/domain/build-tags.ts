/**
 * The curated tags a build may carry: a fixed list, so the gallery's tag filter and
 * search find every build that means the same thing under one word. The slug is what
 * is stored and what `/gallery?tag=…` reads; the label is what people see.
 */
export const BUILD_TAGS = [
  { slug: 'white-build', label: 'White build' },
  { slug: 'itx', label: 'ITX' },
  { slug: 'water-cooled', label: 'Water-cooled' },
  { slug: 'rgb-free', label: 'RGB-free' },
  { slug: 'rgb-overload', label: 'RGB overload' },
  { slug: 'budget', label: 'Budget' },
  { slug: 'high-end', label: 'High-end' },
  { slug: 'sleeper', label: 'Sleeper' },
  { slug: 'cable-management', label: 'Cable management' },
  { slug: 'first-build', label: 'First build' },
  { slug: 'silent', label: 'Silent' },
  { slug: 'workstation', label: 'Workstation' },
] as const;

export type BuildTag = (typeof BUILD_TAGS)[number]['slug'];

export const BUILD_TAG_SLUGS = BUILD_TAGS.map((tag) => tag.slug) as [BuildTag, ...BuildTag[]];

export const MAX_BUILD_TAGS = 5;

const LABELS = new Map<string, string>(BUILD_TAGS.map((tag) => [tag.slug, tag.label]));

export function isBuildTag(value: string): value is BuildTag {
  return LABELS.has(value);
}

export function buildTagLabel(tag: BuildTag): string {
  return LABELS.get(tag) ?? tag;
}
