import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { cookieSecret } from './env.server';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** An unguessable token for links and sessions (256 bits, URL-safe). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `digits` digits, leading zeros kept. */
export function randomDigits(digits: number): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * A keyed hash for short secrets (6-digit codes): without the server's secret a
 * copy of the database cannot be brute-forced back into usable codes.
 */
export function keyedHash(value: string): string {
  return createHmac('sha256', cookieSecret()).update(value).digest('base64url');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const KEY_BYTES = 32;

// scrypt with N=2^15, r=8, p=1: about 50 ms and 32 MB per hash on a small server.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_BYTES, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches a hash made by hashPassword; any malformed hash is a mismatch. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || rest.length) return false;
  const expected = Buffer.from(key, 'base64url');
  // A short or empty key would make any password (or a lucky guess) "match".
  if (expected.length !== KEY_BYTES) return false;
  const [cost, blockSize, parallelism] = [n, r, p].map(Number);
  if (![cost, blockSize, parallelism].every((value) => Number.isSafeInteger(value) && value! > 0)) return false;
  try {
    const actual = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), KEY_BYTES, {
      N: cost,
      r: blockSize,
      p: parallelism,
      maxmem: SCRYPT.maxmem,
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
