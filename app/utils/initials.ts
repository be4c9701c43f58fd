/**
 * Two letters for an avatar without a picture (docs/product.md §9): the first letters of
 * the first two words, the first two letters of a single word, or "XX".
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (!first) return 'XX';
  const letters = second ? [...first][0]! + [...second][0]! : [...first].slice(0, 2).join('');
  return letters.toUpperCase();
}
