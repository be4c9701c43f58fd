/** Values a line template may interpolate, written `{gpu}`, `{title}` and so on. */
export type LineVars = Partial<Record<Placeholder, string>>;

export const PLACEHOLDERS = ['gpu', 'cpu', 'cooler', 'case', 'title', 'colour', 'brand', 'setting', 'peripheral'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const TITLE_MAX_CHARS = 48;
const PART_MAX_CHARS = 40;

/**
 * Fills a template: `{gpu}` is the value, `{a:gpu}` the value after "a" or "an".
 * A placeholder without a value reads "this build" rather than leaking braces.
 */
export function fill(template: string, vars: LineVars): string {
  return template.replace(/\{(a:)?(\w+)\}/g, (_, article: string | undefined, key: string) => {
    const value = vars[key as Placeholder] ?? 'this build';
    return article ? `${startsWithVowelSound(value) ? 'an' : 'a'} ${value}` : value;
  });
}

/** Good enough for part names: an RTX, an AIO, an Arc, an 8-pin; a GTX, a Ryzen, a USB hub. */
export function startsWithVowelSound(phrase: string): boolean {
  const word = phrase.trim().split(/\s/)[0] ?? '';
  // Acronyms are read letter by letter, and F, H, L, M, N, R, S, X start with a vowel sound.
  if (/^[A-Z][A-Z0-9]+$/.test(word)) return /^[AEFHILMNORSX]/.test(word);
  if (/^\d/.test(word)) return /^(8|11|18)/.test(word);
  return /^[aeio]/i.test(word) || /^u(?!ni|s[eu])/i.test(word);
}

/** Words as the length rules count them: runs of non-space. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A member's title made safe to quote inside a sentence: one line, no markup or
 * quotes, no sentence-ending punctuation (so it cannot end the sentence quoting
 * it), cut on a word boundary when long.
 */
export function quoteTitle(title: string): string | null {
  const cleaned = title
    .replace(/[\p{Cc}\p{Cf}<>"“”«»`]/gu, ' ')
    .replace(/[.!?…]+(?=\s|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(cleaned)) return null;
  return `“${clipWords(cleaned, TITLE_MAX_CHARS)}”`;
}

/** A part's name from the facts, short enough for a line (models can be wordy). */
export function partName(text: string): string {
  return clipWords(text.replace(/\s+/g, ' ').trim(), PART_MAX_CHARS);
}

function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
