import type { RequestHandler } from 'express';

/** A stand-in authority: the request-target is parsed as the path under it, never as an address. */
const HERE = 'http://request-target.invalid';

/**
 * The request-target as every later step reads it (RFC 9112 §3.2): origin-form,
 * its path as WHATWG URL — and so React Router — reads it (dot segments resolved,
 * a backslash read as a slash), with one leading slash. From an absolute-form target
 * only the path and query are kept: its authority routes nothing. `undefined` for
 * a target that names no path (`*`, authority-form) or does not parse.
 */
export function originForm(target: string): string | undefined {
  let path = target;
  if (!path.startsWith('/')) {
    const authority = /^https?:\/\/[^/?#]*/i.exec(path);
    if (!authority) return undefined;
    path = path.slice(authority[0].length);
  }
  // Glued to a fixed origin, so that //host/x or /\host/x stays a path under it.
  const url = URL.parse(`${HERE}/${path.replace(/^\//, '')}`);
  if (!url) return undefined;
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}

/**
 * The first step for every request: its target is put in origin-form once, here,
 * so that nothing after it (the replica's forwarding, the page cache's keys,
 * React Router's URL, the peer signature) reads a host or another path out of it.
 */
export function requestTarget(): RequestHandler {
  return (req, res, next) => {
    const target = originForm(req.url);
    if (target === undefined) {
      res.status(400).type('text/plain').send('Bad request.');
      return;
    }
    req.url = target;
    req.originalUrl = target;
    next();
  };
}
