import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import { endedSession, setsSessionCookie } from '~/web/session.server';
import { privateCacheControl } from './request-handler';

/**
 * A visitor whose session cookie names a session that is over is a guest: the
 * cookie is taken out of the request before anything reads it, so the page cache
 * serves them everyone's page (a browser that keeps sending it, or a client that
 * does on purpose, never costs a render), and the answer clears it, kept by no
 * shared cache. Mounted after a replica has caught up with the member's writes:
 * a session it has not seen yet is not over.
 */
export function endedSessions(): RequestHandler {
  return (req, res, next) => {
    const ended = req.headers.cookie ? endedSession(req.headers.cookie) : null;
    if (!ended) return next();
    ended.then((found) => {
      if (found) {
        req.headers.cookie = found.cookieHeader;
        onHeaders(res, () => {
          const setCookies = [res.getHeader('Set-Cookie') ?? []].flat().map(String);
          // A sign-in on the same request sets a session of its own, which the clearing must not undo.
          if (setsSessionCookie(setCookies)) return;
          res.setHeader('Set-Cookie', [...setCookies, found.clear]);
          res.setHeader('Cache-Control', privateCacheControl(String(res.getHeader('Cache-Control') ?? '')));
        });
      }
      next();
    }, next);
  };
}
