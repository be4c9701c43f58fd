import { createContext, useContext } from 'react';

const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response ('' in the browser, where it is no longer readable). */
export function useNonce(): string {
  return useContext(NonceContext);
}
