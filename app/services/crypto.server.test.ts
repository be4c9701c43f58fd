import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, keyedHash, randomDigits, randomToken, safeEqual, sha256, verifyPassword } from './crypto.server';

// keyedHash reads the cookie secret; with SESSION_SECRET set nothing is written to ./data.
vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));

const URL_SAFE = /^[A-Za-z0-9_-]+$/;

describe('randomToken', () => {
  it('is URL-safe and at least 43 characters for 32 bytes', () => {
    const token = randomToken();
    expect(token).toMatch(URL_SAFE);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('follows the number of bytes asked for', () => {
    expect(Buffer.from(randomToken(16), 'base64url')).toHaveLength(16);
    expect(randomToken(16)).toMatch(URL_SAFE);
  });

  it('differs from call to call', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(URL_SAFE);
  });
});

describe('randomDigits', () => {
  it('gives exactly six digits every time, leading zeros included', () => {
    const samples = Array.from({ length: 2000 }, () => randomDigits(6));
    for (const sample of samples) expect(sample).toMatch(/^\d{6}$/);
    // About 10% of six-digit codes start with 0; in 2000 samples some always do.
    expect(samples.some((sample) => sample.startsWith('0'))).toBe(true);
    expect(new Set(samples).size).toBeGreaterThan(1900);
  });

  it('uses every digit in every position', () => {
    const samples = Array.from({ length: 2000 }, () => randomDigits(6));
    for (let position = 0; position < 6; position++) {
      const digits = new Set(samples.map((sample) => sample[position]));
      expect(digits.size).toBe(10);
    }
  });

  it('follows the number of digits asked for', () => {
    expect(randomDigits(1)).toMatch(/^\d$/);
    expect(randomDigits(8)).toMatch(/^\d{8}$/);
  });
});

describe('keyedHash', () => {
  it('is the same for the same input', () => {
    expect(keyedHash('123456')).toBe(keyedHash('123456'));
  });

  it('differs for different inputs', () => {
    expect(keyedHash('123456')).not.toBe(keyedHash('123457'));
    expect(keyedHash('')).not.toBe(keyedHash(' '));
  });

  it('is not the plain sha256 of the input, so codes cannot be looked up without the secret', () => {
    const plain = createHash('sha256').update('123456').digest();
    expect(keyedHash('123456')).not.toBe(sha256('123456'));
    expect(Buffer.from(keyedHash('123456'), 'base64url').equals(plain)).toBe(false);
    expect(keyedHash('123456')).not.toBe(plain.toString('hex'));
  });
});

describe('sha256', () => {
  it('is the base64url SHA-256 digest', () => {
    expect(sha256('abc')).toBe(createHash('sha256').update('abc').digest('base64url'));
    expect(sha256('abc')).toMatch(URL_SAFE);
  });
});

describe('safeEqual', () => {
  it('is true for equal strings', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('ﬁ', 'ﬁ')).toBe(true);
  });

  it('is false for strings of the same length that differ', () => {
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'ABC')).toBe(false);
  });

  it('is false, without throwing, for strings of different lengths', () => {
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('abcd', 'abc')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
    // Same number of characters, different number of bytes.
    expect(safeEqual('é', 'e')).toBe(false);
  });
});

describe('hashPassword and verifyPassword', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Correct-Horse-9');
    expect(await verifyPassword('Correct-Horse-9', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-9', stored)).toBe(false);
    expect(await verifyPassword('Correct-Horse-9 ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('does not keep the password in the hash', async () => {
    const stored = await hashPassword('Correct-Horse-9');
    expect(stored).not.toContain('Correct-Horse-9');
    expect(stored.startsWith('scrypt$')).toBe(true);
  });

  it('salts each hash, so two hashes of one password differ and both verify', async () => {
    const first = await hashPassword('Same-Password-1');
    const second = await hashPassword('Same-Password-1');
    expect(first).not.toBe(second);
    expect(await verifyPassword('Same-Password-1', first)).toBe(true);
    expect(await verifyPassword('Same-Password-1', second)).toBe(true);
  });

  it('treats Unicode compatibility forms alike (NFKC): the "ﬁ" ligature matches "fi"', async () => {
    const stored = await hashPassword('ﬁrewall-Pass1');
    expect(await verifyPassword('firewall-Pass1', stored)).toBe(true);
    const plain = await hashPassword('firewall-Pass1');
    expect(await verifyPassword('ﬁrewall-Pass1', plain)).toBe(true);
  });

  it('treats composed and decomposed accents alike', async () => {
    const stored = await hashPassword('Caf\u00e9-Pass1');
    expect(await verifyPassword('Cafe\u0301-Pass1', stored)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['text without separators', 'not-a-hash'],
    ['another scheme', 'bcrypt$2b$10$abcdefghijklmnopqrstuv$abcdefghijklmnopqrstuvwxyz01234'],
    ['a hash without a salt', 'scrypt$32768$8$1$$a2V5a2V5a2V5'],
    ['a hash without a key', 'scrypt$32768$8$1$c2FsdHNhbHQ$'],
  ])('returns false for a stored hash that is %s', async (_label, stored) => {
    await expect(verifyPassword('Correct-Horse-9', stored)).resolves.toBe(false);
  });

  // Bug: the cost parameters are passed to scrypt unchecked, so scrypt throws
  // (e.g. 'The value of "N" is out of range. It must be an integer. Received NaN')
  // and verifyPassword rejects instead of returning false.
  it.each([
    ['a non-numeric cost', 'scrypt$abc$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5'],
    ['a cost that is not a power of two', 'scrypt$3$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5'],
  ])('returns false rather than throwing for a stored hash with %s', async (_label, stored) => {
    await expect(verifyPassword('Correct-Horse-9', stored)).resolves.toBe(false);
  });

  // Bug: a key field that decodes to zero bytes ("A", "=") makes scrypt derive an
  // empty key, and timingSafeEqual of two empty buffers is true, so every password
  // verifies. A key shorter than 32 bytes is not refused either.
  it.each([
    ['a key of one character', 'scrypt$32768$8$1$c2FsdHNhbHQ$A'],
    ['a key of padding only', 'scrypt$32768$8$1$c2FsdHNhbHQ$='],
    ['empty cost fields', 'scrypt$$$$a$b'],
  ])('refuses any password for a stored hash with %s', async (_label, stored) => {
    await expect(verifyPassword('anything at all', stored)).resolves.toBe(false);
  });
});
