import { Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { log } from '~/services/log.server';
import { CLIENT_ADDRESS_HEADER } from '~/web/client-address.server';
import { PEER_HEADER, signPeer } from './peer';
import { answerUnavailable } from './unavailable';

/** Headers about one connection, never passed on (RFC 9110 §7.6.1), and Expect, which our own server answered. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/** Connections to the primary are reused: a forwarded form post pays no new handshake. */
const agent = new Agent({ keepAlive: true });

/** Longest silence from the primary before the forward is given up (a photo takes a few seconds at most). */
const IDLE_TIMEOUT_MS = 60_000;

function passedOn(headers: IncomingHttpHeaders, drop: readonly string[] = []): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name) && !drop.includes(name)));
}

export type ForwardOptions = {
  /** The app on the primary, e.g. http://10.0.0.5:3000. */
  origin: string;
  /** The nodes' shared secret, which signs the client's address. */
  secret: string;
  /** The client's address as this node trusts it. */
  address: string;
};

/**
 * Sends the request on to the primary as it arrives (any size: the body is
 * streamed, never held) and streams the primary's answer back, status and
 * headers (Set-Cookie included) unchanged. The Host header is kept, so the
 * primary sees the URL the client used (its origin check compares them). If
 * the primary cannot be reached before it answers, the client gets a 503:
 * the primary stored nothing it did not also confirm.
 */
export function forwardToPrimary(req: Request, res: Response, { origin, secret, address }: ForwardOptions): Promise<void> {
  return new Promise((done) => {
    const headers = passedOn(req.headers, [CLIENT_ADDRESS_HEADER, PEER_HEADER]);
    headers[PEER_HEADER] = signPeer(secret, { address, method: req.method, url: req.originalUrl });
    // The primary's scheme, host and port, always; the request's path and query (put in origin-form by request-target.ts) as sent.
    const upstream = request(new URL(origin), { path: req.originalUrl, method: req.method, headers, agent, timeout: IDLE_TIMEOUT_MS });
    /** Given up on this side: the client left, or was answered already (413). */
    let abandoned = false;
    const abandon = () => {
      abandoned = true;
      upstream.destroy();
    };

    upstream.on('response', (answer) => {
      // The primary's own security headers, cookies and encoding stand for this answer.
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, passedOn(answer.headers));
      pipeline(answer, res)
        .catch(() => res.destroy())
        .finally(done);
    });
    upstream.on('timeout', () => upstream.destroy(new Error(`no answer from the primary for ${IDLE_TIMEOUT_MS} ms`)));
    upstream.on('error', (error) => {
      if (abandoned) return done();
      if (res.headersSent) res.destroy();
      else if (!res.destroyed) {
        log.warn(`Could not forward ${req.method} ${req.originalUrl} to the primary at ${origin}: ${error.message}`);
        void answerUnavailable(req, res);
      }
      done();
    });
    // The client went away, or its body passed its limit (body-limit.ts answered 413): the primary gets a cut request, which it drops.
    res.on('close', () => {
      if (!res.writableFinished) abandon();
    });
    req.on('error', abandon);
    req.pipe(upstream);
  });
}
