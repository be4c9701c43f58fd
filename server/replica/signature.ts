import { createHmac, timingSafeEqual } from 'node:crypto';

/** An HMAC over `parts` with the secret every node shares: what one node vouches for, another can check. */
export const signature = (secret: string, parts: readonly string[]) =>
  createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');

/** Whether `given` is the signature of `parts`, compared in constant time. */
export function signedBy(secret: string, parts: readonly string[], given: string): boolean {
  const expected = Buffer.from(signature(secret, parts));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}
