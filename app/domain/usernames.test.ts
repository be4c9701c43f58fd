import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH } from '~/utils/constants';
import { usernameField } from '~/utils/schemas';
import { generateUsername, isGeneratedUsername, isReservedUsername, usernameSkeleton } from './usernames';

/** A repeatable stand-in for Math.random (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS_THEN_FOUR_DIGITS = /^[A-Za-z]+[0-9]{4}$/;

describe('generateUsername', () => {
  it('ends in four zeros when randomness is at its lowest, keeping the leading zeros', () => {
    const name = generateUsername(() => 0);
    expect(name).toMatch(LETTERS_THEN_FOUR_DIGITS);
    expect(name.endsWith('0000')).toBe(true);
  });

  it('ends in 9999 when randomness is at its highest', () => {
    const name = generateUsername(() => 0.9999);
    expect(name).toMatch(LETTERS_THEN_FOUR_DIGITS);
    expect(name.endsWith('9999')).toBe(true);
  });

  it('pads small numbers to four digits', () => {
    expect(generateUsername(() => 0.0007)).toMatch(/[A-Za-z]0007$/);
    expect(generateUsername(() => 0.042)).toMatch(/[A-Za-z]0420$/);
  });

  it('is letters followed by exactly four digits, at most 30 characters, across many random names', () => {
    // 20,000 names from a repeatable generator reach every pair of words many times over.
    const random = seeded(2024);
    const words = new Set<string>();
    for (let index = 0; index < 20_000; index++) {
      const name = generateUsername(random);
      expect(name).toMatch(LETTERS_THEN_FOUR_DIGITS);
      expect(name.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
      expect(name.length).toBeLessThanOrEqual(30);
      words.add(name.slice(0, -4));
    }
    expect(words.size).toBeGreaterThan(100);
  });

  it('makes names the username rules accept', () => {
    for (const value of [0, 0.25, 0.5, 0.75, 0.9999]) {
      const name = generateUsername(() => value);
      expect(usernameField.safeParse(name).success).toBe(true);
    }
  });

  it('varies with the randomness, and repeats for the same random numbers', () => {
    const names = [0, 0.25, 0.5, 0.75, 0.9999].map((value) => generateUsername(() => value));
    expect(new Set(names).size).toBe(5);
    expect(generateUsername(seeded(7))).toBe(generateUsername(seeded(7)));
    expect(generateUsername(seeded(7))).not.toBe(generateUsername(seeded(8)));
  });

  it('uses Math.random by default, giving different names', () => {
    const names = new Set(Array.from({ length: 50 }, () => generateUsername()));
    expect(names.size).toBeGreaterThan(40);
    for (const name of names) expect(name).toMatch(LETTERS_THEN_FOUR_DIGITS);
  });

  it('makes names that isGeneratedUsername recognises', () => {
    for (const value of [0, 0.3, 0.9999]) {
      expect(isGeneratedUsername(generateUsername(() => value))).toBe(true);
    }
  });
});

describe('isGeneratedUsername', () => {
  it.each(['NeonPhantom4821', 'PrismStriker0000', 'abc12345', '1234'])('is true for %s, which ends in four digits', (name) => {
    expect(isGeneratedUsername(name)).toBe(true);
  });

  it.each(['Neo', 'Rig123', '', 'Rig1234x', '4821Neon', 'Rig 12 34'])('is false for "%s"', (name) => {
    expect(isGeneratedUsername(name)).toBe(false);
  });
});

describe('reserved usernames', () => {
  it('refuses the names of the AI and the staff, in any case', () => {
    for (const name of ['RoastBot', 'roastbot', 'ROASTBOT', 'admin', 'Administrator', 'Moderator', 'support', 'Staff', 'RigRoast']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('refuses look-alikes: digits for letters, separators, doubled letters, other alphabets, accents, wide forms', () => {
    for (const name of [
      'R0astB0t', // zeros for o
      'ro_astbot', // a separator
      'Roast.Bot',
      '\u0410dmin', // Cyrillic А
      'ADM1N', // one for i
      'AdmIn',
      'admln', // l for i
      'support_',
      'Suppport',
      '5upport', // five for s
      'mоderatоr', // Cyrillic о
      'αdmin', // Greek alpha
      'ädmin',
      'ＡＤＭＩＮ', // fullwidth, folded by NFKC
      'RoastBo7',
      'Roastbot2000', // a number after a reserved name
      'admin_1',
      'TheRoastBot', // the AI's name anywhere
      'RoastBotFan',
      'rnoderator', // rn for m
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('lets ordinary names through, including ones that merely contain a staff word', () => {
    for (const name of [
      'Badminton',
      'RoastFan',
      'AdminOfNothing',
      'SupportiveFriend',
      'Moderate',
      'Stafford',
      'Rig_Builder',
      'Пётр',
      'Ελένη',
    ]) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });

  it('never refuses a generated name, whichever words are picked', () => {
    // 30 × 30 evenly spread random numbers reach every pair of words (the digits are drawn first).
    const count = 30;
    const names = new Set<string>();
    for (let adjective = 0; adjective < count; adjective++) {
      for (let noun = 0; noun < count; noun++) {
        const picks = [0.1234, (adjective + 0.5) / count, (noun + 0.5) / count];
        names.add(generateUsername(() => picks.shift()!));
      }
    }
    expect(names.size).toBe(count * count);
    for (const name of names) expect(isReservedUsername(name), name).toBe(false);
  });

  it('gives look-alikes the same skeleton', () => {
    expect(usernameSkeleton('R0ast_B0t')).toBe(usernameSkeleton('RoastBot'));
    expect(usernameSkeleton('Аdmin')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('RoastBot')).not.toBe(usernameSkeleton('RoastBat'));
  });

  it('refuses reserved names in the username rules, with a clear message', () => {
    const refused = usernameField.safeParse('R0astB0t');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toContain('This username is reserved. Please choose another one.');
    expect(usernameField.safeParse('RoastFan').success).toBe(true);
  });
});
