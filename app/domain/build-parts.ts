/**
 * A build's parts list: what the AI spotted in the photo is proposed, the owner confirms,
 * corrects or removes it, and adds their own. Confirmed parts are facts the build page
 * shows as a table and the roast trusts over the photo's guess.
 */
export const PART_CATEGORIES = [
  'GPU',
  'CPU',
  'cooler',
  'case',
  'motherboard',
  'RAM',
  'storage',
  'PSU',
  'monitor',
  'keyboard',
  'mouse',
  'other',
] as const;

export type PartCategory = (typeof PART_CATEGORIES)[number];

/**
 * How a part's kind is written wherever it is shown, by one rule: a capital first letter,
 * and the abbreviations people say letter by letter in capitals (GPU, CPU, RAM, PSU). The
 * stored and API values stay as they are.
 */
export function partCategoryLabel(category: PartCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

export const PART_STATUSES = ['proposed', 'confirmed'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

export const PART_SOURCES = ['ai', 'owner'] as const;
export type PartSource = (typeof PART_SOURCES)[number];

export const MAX_BUILD_PARTS = 30;
export const PART_NAME_MAX = 80;

export type BuildPart = {
  id: number;
  category: PartCategory;
  name: string;
  status: PartStatus;
  source: PartSource;
  position: number;
};

const CATEGORY_SET = new Set<string>(PART_CATEGORIES);

export function isPartCategory(value: string): value is PartCategory {
  return CATEGORY_SET.has(value);
}
