import type { RequestHandler } from 'express';

/**
 * Headers every response carries. The Content-Security-Policy, which needs the
 * per-response nonce, is set on documents by entry.server.tsx.
 */
export function securityHeaders({ production }: { production: boolean }): RequestHandler {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  return (req, res, next) => {
    res.set(headers);
    // Only over HTTPS (directly or via a trusted proxy), so a plain-HTTP self-host keeps working.
    if (production && req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/**
 * The policy for HTML documents: our own files only, and only the inline
 * scripts we wrote into this document — named by the response's nonce, or, for
 * a document every visitor shares, stored and served again (see page-cache.ts),
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
