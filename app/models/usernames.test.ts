import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH } from '~/utils/constants';
import { usernameField } from '~/utils/schemas';
import { generateUsername, isGeneratedUsername } from './usernames';

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
