// A base no request ever has: the path is read as a browser reads it, then written back.
const SAME_SITE = 'http://same-site.invalid';

/**
 * A same-site path to go to after signing in. Anything else (another site,
 * a protocol-relative `//host`, a backslash trick) falls back to `fallback`.
 * The path comes back as the URL parser writes it (dot segments resolved, anything
 * outside printable ASCII percent-encoded), so it is checked as a browser would
 * follow it and always fits in a Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Control characters (a newline or tab inside the path) are never part of a real link.
  if ([...to].some((char) => char.charCodeAt(0) < 32)) return fallback;
  const url = new URL(to, SAME_SITE);
  if (url.origin !== SAME_SITE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Resolved, "/.//host" is "//host": another site again.
  if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // /auth itself would bounce a signed-in member straight back.
  if (/^\/auth(?:[/?#]|$)/.test(path)) return fallback;
  return path;
}
