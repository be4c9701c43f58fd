import type { RequestHandler } from 'express';
import { type PrimaryTarget, primaryTarget } from '~/services/primary.server';
import { forwardToPrimary } from './forward';
import { SAFE_METHODS } from '../http-methods';
import { answerUnavailable } from './unavailable';

/**
 * Writes reach the primary from any node, so a plain load balancer in front of
 * several machines works: on a replica, every request but a read is forwarded
 * to the primary, and so is a private photo (only the primary holds unscreened
 * photos; it checks who asks with the member's own cookies). A request a peer
 * forwarded is never forwarded again, and a write with no primary to go to
 * gets a 503 "try again in a moment", never an error half-way through.
 */
export function forwardWrites({
  secret,
  target: whoWrites = primaryTarget,
}: {
  secret: string;
  target?: () => Promise<PrimaryTarget>;
}): RequestHandler {
  return async (req, res, next) => {
    const privatePhoto = SAFE_METHODS.has(req.method) && req.path.startsWith('/private-images/');
    if (SAFE_METHODS.has(req.method) && !privatePhoto) return next();
    const target = await whoWrites();
    if (target.role === 'primary') return next();
    // Reads fall back to what this node has; writes cannot be done here.
    if (target.role === 'unknown' || res.locals.fromPeer === true) return privatePhoto ? next() : answerUnavailable(req, res);
    await forwardToPrimary(req, res, { origin: target.url, secret, address: String(res.locals.clientAddress ?? '') });
  };
}
