/**
 * The policy for HTML documents: our own files only, and only the inline
 * scripts we wrote into this document — named by the response's nonce, or, for
 * a document every visitor shares, stored and served again (see server/page-cache.ts),
 * by their SHA-256 hashes.
 */
export function contentSecurityPolicy(inlineScripts: { nonce: string } | { hashes: string[] }): string {
  const scripts =
    'nonce' in inlineScripts
      ? `'self' 'nonce-${inlineScripts.nonce}' 'strict-dynamic'`
      : ["'self'", ...inlineScripts.hashes.map((hash) => `'sha256-${hash}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}
