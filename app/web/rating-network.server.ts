import { clientAddressOf, networkPrefix } from './client-address.server';
import { keyedHash } from '~/services/crypto.server';

/**
 * The network a rating came from, for vote integrity: the client's /24 (IPv4) or /48
 * (IPv6, a site's usual allocation) as a hash keyed with the server's secret, so
 * ratings from one network can be grouped but no address is stored. Null when the
 * address is unknown.
 */
export function ratingNetworkOf(request: Request): string | null {
  return networkKey(clientAddressOf(request));
}

/** The keyed hash of `address`'s network (see ratingNetworkOf). */
export function networkKey(address: string): string | null {
  const prefix = networkPrefix(address);
  return prefix ? keyedHash(`network:${prefix}`) : null;
}
