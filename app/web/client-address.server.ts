/**
 * Set by our server on every request (overwriting anything a client sent): the
 * client's address as app/server/client-address.ts trusts it, IPv6 cut to its
 * /64, so per-network limits count one subscriber once.
 */
export const CLIENT_ADDRESS_HEADER = 'x-rigroast-client-address';

/** The client's network, for rate limits: never anything the client could choose. */
export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? '';
}
