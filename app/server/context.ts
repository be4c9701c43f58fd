import { createContext } from 'react-router';

export type RequestInfo = {
  /** The per-response nonce that lets our own inline scripts run under the CSP ('' when shared). */
  nonce: string;
  /**
   * The document is the same for every visitor and may be served again
   * (page-cache.ts): its inline scripts are allowed by hash, not by nonce.
   */
  shared: boolean;
  /** Whether documents carry the Content-Security-Policy (not under Vite's dev server, which injects inline scripts). */
  enforceCsp: boolean;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', shared: false, enforceCsp: false });
