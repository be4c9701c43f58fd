import { parse } from 'cookie-es';
import { LRUCache } from 'lru-cache';
import { type Cookie, type CookieOptions, createCookie } from 'react-router';
import { cookieSecret, env } from '~/services/env.server';
import { markPersonal } from './render-reading.server';

/** Memory for cookie values whose signatures were already checked, per cookie: thousands of members active at once. */
const CHECKED_VALUES_BYTES = 2 * 1024 * 1024;

/**
 * Every cookie the site sets for itself. A request that carries none of them is
 * answered as any signed-out visitor's (from the page cache): another site's
 * cookies on our domain (a CDN's, a proxy's, analytics) change nothing we draw.
 */
export const APP_COOKIES = [
  'rr_session',
  'rr_auth_flow',
  'rr_username_prompt',
  'rr_username_retry',
  'rr_pending_upload',
  'rr_pending_comment',
  'toast',
] as const;

export type AppCookieName = (typeof APP_COOKIES)[number];

const appCookieNames: ReadonlySet<string> = new Set(APP_COOKIES);

/**
 * The site's own cookies a Cookie header holds, read as React Router's cookie
 * readers read them (cookie-es, the parser createCookie uses): names trimmed,
 * values decoded, the first of a name kept. Any other reading (a split by hand)
 * could see a different visitor than the session does.
 */
function appCookiesIn(header: string): Partial<Record<AppCookieName, string>> {
  return parse(header, { filter: (name) => appCookieNames.has(name) });
}

/**
 * Everything of the site's own a Cookie header carries, as its readers take it:
 * all a page reads of its visitor, in one string (a key). Other sites' cookies
 * (analytics, a CDN's) are left out.
 */
export function appCookiesOf(header: string): string {
  const cookies = appCookiesIn(header);
  return JSON.stringify(APP_COOKIES.map((name) => cookies[name] ?? null));
}

/**
 * The Cookie header without `name`, every value of it: read with the parser the
 * readers use (cookie-es, values left as sent) and written back, so no reader
 * finds that cookie in what is left and every other reads what it read before
 * (a pair with no name, which no reader reads, is dropped too).
 */
export function withoutCookie(header: string, name: AppCookieName): string {
  const cookies = parse(header, { allowMultiple: true, decode: (value) => value });
  return Object.entries(cookies)
    .filter(([cookie]) => cookie !== name && cookie !== '')
    .flatMap(([cookie, values]) => [values].flat().map((value) => `${cookie}=${value}`))
    .join('; ');
}

const readers = new Map<AppCookieName, () => Cookie>();

/**
 * Whether a Cookie header holds one of the site's own cookies with a value the
 * site signed and has not emptied. Every reader ignores a made-up or tampered
 * value, so a visitor who sends only such cookies sees what any signed-out
 * visitor sees (and is answered from the page cache, not rendered for). Answers
 * at once when there is no signature to check.
 */
export function carriesSignedAppCookie(header: string): boolean | Promise<boolean> {
  const names = Object.keys(appCookiesIn(header)) as AppCookieName[];
  if (names.length === 0) return false;
  return (async () => {
    for (const name of names) {
      let reader = readers.get(name);
      if (!reader) readers.set(name, (reader = appCookie(name)));
      const value: unknown = await reader().parse(header);
      if (value !== null && value !== '') return true;
    }
    return false;
  })();
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

/** Readings of each cookie by its value, shared by every reader of that name (the page cache's check, the session's). */
const readings = new Map<string, LRUCache<string, { value: unknown }>>();

/**
 * Checking a signature costs a WebCrypto HMAC on every request, a signed-in member's
 * session cookie included. A cookie's reading depends on its own value alone, taken
 * from the header as createCookie takes it (cookie-es, the first of the name): kept by
 * that value (bounded), it is checked once however the rest of the header changes (a
 * toast, a pending upload, another site's cookies). Values are frozen: every request
 * gets the same one.
 */
function rememberParsed(cookie: Cookie): Cookie {
  const read =
    readings.get(cookie.name) ??
    new LRUCache<string, { value: unknown }>({ maxSize: CHECKED_VALUES_BYTES, sizeCalculation: (_reading, value) => value.length + 100 });
  readings.set(cookie.name, read);
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
      const sent = parse(header, { filter: (name) => name === cookie.name })[cookie.name];
      if (sent === undefined) return null;
      let known = read.get(sent);
      if (!known) read.set(sent, (known = { value: Object.freeze(await cookie.parse(header)) }));
      // A value the site signed makes the render that read it its visitor's own (render-reading.server.ts).
      if (known.value !== null && known.value !== '') markPersonal();
      return known.value;
    },
  };
}
