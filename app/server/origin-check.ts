import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
    if (origin) {
      const host = URL.canParse(origin) ? new URL(origin).host : null;
      if (host && (host === req.host || allowedHosts.includes(host))) return next();
      res.status(403).type('text/plain').send('Cross-site request refused.');
      return;
    }
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      res.status(403).type('text/plain').send('Cross-site request refused.');
      return;
    }
    next();
  };
}
