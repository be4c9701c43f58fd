import { signature, signedBy } from './signature';

/**
 * Carries the client's address from a replica to the primary with a request the
 * replica forwards. Signed with the secret every node shares (SESSION_SECRET,
 * which must match anyway for sessions to work on each node), over the method
 * and URL and a time, so a guest can neither forge it nor replay it for long.
 */
export const PEER_HEADER = 'x-rigroast-peer';

/** How long a signed header is believed: a forwarded request is sent at once. */
const VALID_MS = 60_000;

/** The header value a replica sends: `<address> <time> <signature>`. */
export function signPeer(
  secret: string,
  { address, method, url }: { address: string; method: string; url: string },
  now = Date.now(),
): string {
  const time = String(now);
  return `${address} ${time} ${signature(secret, [address, time, method, url])}`;
}

/** The client address a peer vouched for, or undefined when the header is absent, stale or not ours. */
export function verifyPeer(
  secret: string,
  value: string | undefined,
  { method, url }: { method: string; url: string },
  now = Date.now(),
): string | undefined {
  const [address, time, given, ...rest] = (value ?? '').split(' ');
  if (!address || !time || !given || rest.length > 0) return undefined;
  if (!(Math.abs(now - Number(time)) <= VALID_MS)) return undefined;
  return signedBy(secret, [address, time, method, url], given) ? address : undefined;
}
