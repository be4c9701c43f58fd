/**
 * A same-site path to go to after signing in. Anything else (another site,
 * a protocol-relative `//host`, a backslash trick) falls back to `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Control characters (a newline or tab inside the path) are never part of a real link.
  if ([...to].some((char) => char.charCodeAt(0) < 32)) return fallback;
  // /auth itself would bounce a signed-in member straight back.
  if (to === '/auth' || to.startsWith('/auth?') || to.startsWith('/auth/')) return fallback;
  return to;
}
