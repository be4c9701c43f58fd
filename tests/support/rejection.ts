import { expect } from 'vitest';

/**
 * What `promise` was rejected with, checked to be a `type`, so a test can read its
 * message and fields; a promise that fulfils instead fails the check.
 */
export async function rejectionOf<E>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error: unknown = await promise.then(
    (value: unknown) => new Error(`expected a rejection, got ${String(value)}`),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
