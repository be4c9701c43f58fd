import type { RequestHandler } from 'express';
import { SAFE_METHODS } from './http-methods';

/**
 * Refuses state-changing requests sent by other sites (CSRF), for every route,
 * resource routes included: the Origin must be this site (or PUBLIC_ORIGIN).
 * Clients that send no Origin (scripts, old browsers) pass unless the browser's
 * Sec-Fetch-Site says the request came from another site.
 */
export function originCheck({ allowedHosts }: { allowedHosts: string[] }): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const host = origin && URL.canParse(origin) ? new URL(origin).host : null;
    const site = req.get('sec-fetch-site');
    const crossSite = origin
      ? !(host && (host === req.host || allowedHosts.includes(host)))
      : Boolean(site && site !== 'same-origin' && site !== 'none');
    if (!crossSite) return next();
    // The JSON API answers in its own error shape.
    if (req.path.startsWith('/api/')) res.status(403).json({ error: 'forbidden', message: 'Cross-site request refused.' });
    else res.status(403).type('text/plain').send('Cross-site request refused.');
  };
}
