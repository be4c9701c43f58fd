import { createContext } from 'react-router';

export type RequestInfo = {
  /** The per-response nonce that lets our own inline scripts run under the CSP ('' when whole). */
  nonce: string;
  /**
   * Render the document whole instead of streaming it, its inline scripts allowed
   * by hash rather than nonce, so the same bytes can be served again (page-cache.ts).
   */
  whole: boolean;
  /** Whether documents carry the Content-Security-Policy (not under Vite's dev server, which injects inline scripts). */
  enforceCsp: boolean;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', whole: false, enforceCsp: false });

/**
 * Set by our server on every request (overwriting anything a client sent): the
 * client's address, the socket's or, with TRUST_PROXY, the proxy's.
 */
export const CLIENT_ADDRESS_HEADER = 'x-rigroast-client-address';

export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? '';
}
