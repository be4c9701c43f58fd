import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import { db } from '~/services/db.server';
import { searchMatch, unsearchedText } from './search-match.server';

const phrases = (match: string) => [...match.matchAll(/"([^"]*)"(\*?)/g)].map(([, text, star]) => ({ text: text!, prefix: star === '*' }));

beforeEach(() => {
  db().run(sql`create virtual table temp.search_tokens using fts5vocab(main, builds_search, instance)`);
});

/** The tokens builds_search's own tokenizer makes of `text`, in order. */
function indexTokens(text: string): string[] {
  db().run(sql`insert into builds_search (rowid, title, description, parts, tags) values (1, ${text}, '', '', '')`);
  const tokens = db()
    .all<{ term: string }>(sql`select term from temp.search_tokens where doc = 1 order by "offset"`)
    .map((row) => row.term);
  db().run(sql`delete from builds_search where rowid = 1`);
  return tokens;
}

const lengths = (tokens: string[]) => tokens.map((token) => [...token].length);

it('asks the index for each word as the index splits it, letter for letter, in any script', () => {
  // Each letter and digit there is, searched alone: a token of one character, or none where the
  // index makes none of it either (so no word is ever more tokens to the index than counted here).
  const words: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    const character = String.fromCodePoint(code);
    if (/^[\p{L}\p{N}]$/u.test(character)) words.push(searchMatch(character) ?? '');
  }
  const asked = words.flatMap((match) => phrases(match).flatMap(({ text }) => text.split(' ')));
  expect(lengths(indexTokens(asked.join(' ')))).toEqual(lengths(asked));
});

it('reads at most 8 tokens of anything typed, never a one-character prefix, and never as search syntax', () => {
  const typed = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc
      .array(
        fc.constantFrom('a', 'r', '7', 'ab', 'rtx4090', 'i9', 'nh-d15', '-', ' ', '"', '*', 'NEAR(', 'OR', '\u19B0', 'e\u0301', '\u4e2d'),
        {
          maxLength: 60,
        },
      )
      .map((parts) => parts.join('')),
  );
  fc.assert(
    fc.property(typed, (q) => {
      const match = searchMatch(q);
      if (match === null) return;
      const asked = phrases(match);
      expect(asked.flatMap(({ text }) => text.split(' ')).length).toBeLessThanOrEqual(8);
      for (const { text, prefix } of asked) {
        const tokens = text.split(' ');
        expect(lengths(indexTokens(text))).toEqual(lengths(tokens));
        if (prefix) expect([...tokens.at(-1)!].length).toBeGreaterThanOrEqual(2);
      }
      expect(() => db().all(sql`select rowid from builds_search where builds_search match ${match}`)).not.toThrow();
    }),
    { numRuns: 300 },
  );
});

it('names what a search leaves out past its first 8 tokens, as typed, and nothing when it reads all of it', () => {
  expect(unsearchedText('rtx 4090 white itx build')).toBeNull();
  expect(unsearchedText('one two three four five six seven eight nine Ten')).toBe('nine Ten');
  // "NH-D15" is two tokens: the eighth is its "NH", so "D15" is what is left out of it.
  expect(unsearchedText('a b c d e f g NH-D15 fans')).toBe('D15 fans');
  // A word typed twice is read once, and punctuation alone is no word.
  expect(unsearchedText('rtx rtx rtx rtx rtx rtx rtx rtx rtx - !')).toBeNull();
});
