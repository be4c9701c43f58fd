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

/** The policy for HTML documents: our own files only, inline scripts only with the nonce. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
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
