import { LRUCache } from 'lru-cache';
import { type Cookie, type CookieOptions, createCookie } from 'react-router';
import { cookieSecret, env } from '~/services/env.server';

/** Memory for cookie headers whose signatures were already checked, per cookie: thousands of members active at once. */
const CHECKED_HEADERS_BYTES = 2 * 1024 * 1024;

/**
 * Every cookie the site sets for itself. A request that carries none of them is
 * answered as any signed-out visitor's (from the page cache): another site's
 * cookies on our domain (a CDN's, a proxy's, analytics) change nothing we draw.
 */
export const APP_COOKIES = ['rr_session', 'rr_auth_flow', 'rr_username_prompt', 'rr_username_retry', 'rr_pending_upload', 'toast'] as const;

export type AppCookieName = (typeof APP_COOKIES)[number];

const appCookieNames: ReadonlySet<string> = new Set(APP_COOKIES);

/** Whether a Cookie header holds any of the site's own cookies. */
export function carriesAppCookie(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';').some((pair) => {
    const end = pair.indexOf('=');
    return appCookieNames.has((end === -1 ? pair : pair.slice(0, end)).trim());
  });
}

/**
 * A cookie with our defaults: httpOnly, SameSite=Lax, whole site, Secure in
 * production, signed with the server secret. Made on first use, because the
 * secret is only known once the configuration has been read.
 */
export function appCookie(name: AppCookieName, options: CookieOptions = {}): () => Cookie {
  let cookie: Cookie | undefined;
  return () => {
    cookie ??= rememberParsed(
      createCookie(name, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: env().NODE_ENV === 'production',
        secrets: [cookieSecret()],
        ...options,
      }),
    );
    return cookie;
  };
}

/**
 * Checking a signature costs a WebCrypto HMAC on every request, a signed-in member's
 * session cookie included; the same header always reads the same, so its reading is
 * kept (bounded). Values are frozen: every request gets the same one.
 */
function rememberParsed(cookie: Cookie): Cookie {
  const read = new LRUCache<string, { value: unknown }>({
    maxSize: CHECKED_HEADERS_BYTES,
    sizeCalculation: (_value, header) => header.length + 100,
  });
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, serializeOptions) => cookie.serialize(value, serializeOptions),
    async parse(header, parseOptions) {
      if (!header || parseOptions) return cookie.parse(header, parseOptions);
      const known = read.get(header);
      if (known) return known.value;
      const value: unknown = Object.freeze(await cookie.parse(header));
      read.set(header, { value });
      return value;
    },
  };
}
