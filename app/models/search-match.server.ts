import { SEARCH_MAX_TOKENS } from '~/domain/gallery';

/**
 * The shortest prefix builds_search keeps an index for (prefix='2 3' in its migration).
 * A one-character word is looked up whole: as a prefix it would merge the lists of
 * every word starting with that character, hundreds of milliseconds at 100 000 builds.
 */
const SHORTEST_PREFIX = 2;

/**
 * What the index's tokenizer (unicode61) keeps in a token: letters and digits. It
 * splits at everything else, and at the few characters newer Unicode calls letters
 * that its tables still call marks (New Tai Lue vowel signs, Vedic signs), so a word
 * here is always exactly a token there, of the same length in characters.
 */
const TOKEN = /[\p{L}\p{N}]+/gu;
const SPLIT_BY_THE_INDEX = /[\u19B0-\u19C0\u19C8\u19C9\u1CF2\u1CF3]/g;

/**
 * The FTS5 query for what someone typed, or null when it holds no word to look
 * for. Each word becomes a quoted phrase of its tokens, so nothing typed is read as
 * FTS syntax and the words are split as the builds' text was: "NH-D15" asks for
 * "nh" then "d15", as does "nh d15". A phrase's last token is a prefix ("noctu" finds
 * "Noctua") unless it is a single character ("ryzen 7" finds "Ryzen 7", not "Ryzen
 * 7800X3D"). All words must match. A model number typed as one word ("RTX4090") also
 * finds it written apart ("RTX 4090"). A word typed twice counts once.
 */
export function searchMatch(q: string): string | null {
  const { words, budget: unspent } = searchedWords(q);
  if (words.length === 0) return null;
  let budget = unspent;
  return words
    .map((tokens) => {
      const apart = tokens.flatMap((token) => token.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u));
      if (apart.length === tokens.length || apart.length > budget) return phrase(tokens);
      budget -= apart.length;
      return `(${phrase(tokens)} OR ${phrase(apart)})`;
    })
    .join(' AND ');
}

/**
 * What of a search is not searched, past its first SEARCH_MAX_TOKENS tokens, as typed (a word
 * cut short counts from its first token left out), so the page can say so; null when
 * the whole of it is read.
 */
export function unsearchedText(q: string): string | null {
  const { leftOut } = searchedWords(q);
  return leftOut.length > 0 ? leftOut.join(' ') : null;
}

/** The words a search reads, each as its tokens, the tokens left unspent, and the typed words it leaves out. */
function searchedWords(q: string): { words: string[][]; budget: number; leftOut: string[] } {
  const words: string[][] = [];
  const leftOut: string[] = [];
  const seen = new Set<string>();
  let budget = SEARCH_MAX_TOKENS;
  for (const word of q.split(/\s+/)) {
    const all = wordTokens(word);
    if (budget === 0) {
      if (all.length > 0) leftOut.push(word);
      continue;
    }
    const tokens = all.slice(0, budget);
    if (tokens.length < all.length) leftOut.push(all.slice(tokens.length).join(' '));
    const key = tokens.join(' ').toLowerCase();
    if (tokens.length === 0 || seen.has(key)) continue;
    seen.add(key);
    words.push(tokens);
    budget -= tokens.length;
  }
  return { words, budget, leftOut };
}

function wordTokens(word: string): string[] {
  return word.normalize('NFC').replace(SPLIT_BY_THE_INDEX, ' ').match(TOKEN) ?? [];
}

/** Tokens of letters and digits only, so the quotes hold nothing FTS5 would read. */
function phrase(tokens: string[]): string {
  const last = tokens.at(-1)!;
  return `"${tokens.join(' ')}"${[...last].length >= SHORTEST_PREFIX ? '*' : ''}`;
}
