import { createContext } from 'react-router';
import type { ContentEncoding } from './compression-settings';

/** What the HTTP host (server/app.ts) tells the render of one request's document. */
export type RequestInfo = {
  /** The per-response nonce that lets our own inline scripts run under the CSP ('' for a page kept to be served again: allowed by hash). */
  nonce: string;
  /**
   * The document is the same for every visitor (server/page-cache.ts): sent
   * uncompressed, for the page cache to compress once.
   */
  shared: boolean;
  /** Whether documents carry the Content-Security-Policy (not under Vite's dev server, which injects inline scripts). */
  enforceCsp: boolean;
  /** The encoding the client takes that a document it alone sees is sent in. */
  encoding: ContentEncoding;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', shared: false, enforceCsp: false, encoding: 'identity' });
