/**
 * `text` (whitespace already single spaces) in at most `max` characters: whole when it
 * fits, else cut at the last word boundary past half way (mid-word otherwise), its
 * trailing punctuation dropped, and "…" added.
 */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
