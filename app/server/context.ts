import { createContext } from 'react-router';

export type RequestInfo = {
  /** The client's address: the socket's, or the proxy's headers when TRUST_PROXY is on. */
  clientAddress: string;
  /** The per-response nonce that lets our own inline scripts run under the CSP. */
  nonce: string;
  /** Whether documents carry the Content-Security-Policy (not under Vite's dev server, which injects inline scripts). */
  enforceCsp: boolean;
};

export const requestInfoContext = createContext<RequestInfo>({ clientAddress: '', nonce: '', enforceCsp: false });
