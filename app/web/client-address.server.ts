import { isIPv4, isIPv6 } from 'node:net';

// Who the client is, for per-network limits, in one place: the rules the HTTP host
// reads each request's address by (it cannot be imported from app/), and how the
// app's routes read it back.

/**
 * Set by the HTTP host on every request (overwriting anything a client sent): the
 * client's address as clientAddress trusts it, cut to its limitKey, so
 * per-network limits count one subscriber once.
 */
export const CLIENT_ADDRESS_HEADER = 'x-rigroast-client-address';

/** The client's network, for rate limits: never anything the client could choose. */
export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? '';
}

/** "1.2.3.0/24" for an IPv4 address, "2001:db8:1::/48" for an IPv6 one (or its limitKey), else undefined. */
export function networkPrefix(address: string): string | undefined {
  const plain = address.replace(/\/\d+$/, '');
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(plain)) return undefined;
  return `${expandIPv6(plain).slice(0, 3).join(':')}::/48`;
}

export type ProxyTrust = {
  /** Proxies in front of the app whose X-Forwarded-For entries are believed (0: none). */
  proxyHops: number;
  /** Running on Fly.io, whose edge sets Fly-Client-IP itself (anywhere else a client could). */
  onFly: boolean;
};

export type ForwardingHeaders = {
  socketAddress: string | undefined;
  /** Every X-Forwarded-For value, joined with commas as Node joins repeated headers. */
  forwardedFor: string | undefined;
  flyClientIp: string | undefined;
};

/**
 * The client's address, as far as the proxies we were told about vouch for it.
 * Each proxy appends the address it saw to X-Forwarded-For, so everything left
 * of the entries our own proxies added was written by the client: the address
 * is the entry `proxyHops` places from the right, never the left-most.
 */
export function clientAddress({ socketAddress, forwardedFor, flyClientIp }: ForwardingHeaders, trust: ProxyTrust): string {
  const socket = normalizeAddress(socketAddress ?? '') ?? '';
  if (trust.proxyHops === 0) return socket;
  if (trust.onFly) {
    const fly = normalizeAddress(flyClientIp ?? '');
    if (fly) return fly;
  }
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request skipped some; the furthest entry is all there is.
  const entry = hops.length === 0 ? undefined : hops[Math.max(0, hops.length - trust.proxyHops)];
  return (entry && normalizeAddress(entry)) || socket;
}

/**
 * An address written the one way limits compare it: IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) as IPv4, without a port (`1.2.3.4:5678`, `[::1]:80`) or a
 * zone (`fe80::1%eth0`). Anything that is not an address gives undefined.
 */
export function normalizeAddress(value: string): string | undefined {
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1];
  if (isIPv4(address) || isIPv6(address)) return address;
  return undefined;
}

/**
 * What per-network limits count: an IPv4 address, or the /64 an IPv6 address
 * belongs to, since one subscriber usually holds a whole /64 and could
 * otherwise step through 2^64 addresses.
 */
export function limitKey(address: string): string {
  if (!isIPv6(address)) return address;
  const hextets = expandIPv6(address);
  return `${hextets.slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((hextet) => Number.parseInt(hextet, 16).toString(16));
}
