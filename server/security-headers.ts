import type { RequestHandler } from 'express';

/**
 * Headers every response carries. The Content-Security-Policy, which needs the
 * per-response nonce, is set on documents by app/entry.server.tsx (app/document/content-security-policy.ts).
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
