/** The most words of a search that count; the rest are ignored. */
const MAX_WORDS = 10;

/**
 * The FTS5 query for what someone typed, or null when it holds no word to look
 * for. Each word becomes a quoted prefix phrase, so nothing typed is read as FTS
 * syntax and the index's own tokenizer splits it as it split the builds' text:
 * "NH-D15" asks for "nh" then "d15", as does "nh d15", and "noctu" finds
 * "Noctua". All words must match. A model number typed as one word ("RTX4090")
 * also finds it written apart ("RTX 4090").
 */
export function searchMatch(q: string): string | null {
  const words = q
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map(wordMatch).join(' AND ');
}

function wordMatch(word: string): string {
  const phrase = `"${word.replaceAll('"', ' ')}"*`;
  const apart = word.replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, ' ');
  return apart === word ? phrase : `(${phrase} OR "${apart.replaceAll('"', ' ')}"*)`;
}
