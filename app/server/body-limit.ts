import type { RequestListener } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { formatByteLimit } from '~/services/multipart.server';
import { REQUEST_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '~/utils/constants';

/** An upload's photo plus room for the multipart framing and the form's other fields. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 256 * 1024;

/**
 * The routes whose actions read a photo (readUploadForm): the upload page, the
 * profile's avatar form, the competition editor's badge, and the API's uploads;
 * with React Router's `.data` twin that JavaScript posts to.
 */
const UPLOAD_ROUTES = /^\/(?:upload|profile|admin\/competitions\/[^/]+|api\/builds|api\/uploads\/temp|api\/user\/avatar)(?:\.data)?\/?$/i;

/** The most a request to `path` may send: an upload route's limit, else the forms' and JSON's. */
export function bodyLimitFor(path: string): number {
  return UPLOAD_ROUTES.test(path) ? UPLOAD_BODY_MAX_BYTES : REQUEST_BODY_MAX_BYTES;
}

/** Marks the body stream's error when a request sends more than its limit. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** Whether `error` comes from a body cut at its limit: the client was answered 413, nothing failed here. */
export function isBodyTooLarge(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof BodyTooLargeError) return true;
  return false;
}

/**
 * Bounds every request body, before anything reads it: a declared
 * Content-Length over the route's limit is answered 413 at once, unread; a
 * chunked body is counted as it arrives and refused with 413 the moment it
 * passes the limit (whoever was reading it gets an error, never a cut-short
 * body). An answer ready before the body was read (a guest's upload refused
 * with 401, a cross-site post) waits while the rest is read and discarded, so
 * the client, still sending, gets to read it and the connection stays usable.
 */
export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && (declared === undefined || declared === '0')) return next();
    const maxBytes = bodyLimitFor(req.path);
    if (Number(declared) > maxBytes) return refuse(req, res, maxBytes, { writeHead: res.writeHead, end: res.end });
    guard(req, res, maxBytes);
    next();
  };
}

/**
 * Answers `Expect: 100-continue` (curl asks it before bodies over 1 MB): the
 * client is told to go on only when its declared body is within the route's
 * limit, so an oversized one gets its 413 before a byte of it is sent.
 */
export function continueWithinLimit(app: RequestListener): RequestListener {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!(Number(req.headers['content-length']) > bodyLimitFor(path))) res.writeContinue();
    app(req, res);
  };
}

type Senders = Pick<Response, 'writeHead' | 'end'>;
type Send = (...args: unknown[]) => unknown;

function guard(req: Request, res: Response, maxBytes: number) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let received = 0;
  let refused = false;
  /** Calls to `res` held back until the body has been read to its end. */
  let held: (() => void)[] | undefined;

  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= maxBytes || refused) return;
    refused = true;
    held = undefined;
    for (const listener of req.listeners('data')) req.off('data', listener as Send);
    refuse(req, res, maxBytes, original);
    req.emit('error', new BodyTooLargeError(`The request body passed ${maxBytes} bytes`));
  };
  // Paused first: nothing flows until the reader (React Router) attaches its own
  // listener and asks for data, so it misses no chunk counted here.
  req.pause();
  req.on('data', count);
  // The error emitted above must not throw when nobody reads the body yet.
  req.on('error', () => {});

  const drain = () => {
    held = [];
    // Whoever was reading stops; what still arrives is counted, then dropped.
    for (const listener of req.listeners('data')) if (listener !== count) req.off('data', listener as Send);
    req.once('end', () => {
      const calls = held ?? [];
      held = undefined;
      for (const call of calls) call();
    });
    req.once('close', () => (held = undefined));
    req.resume();
  };
  const hold = (name: 'writeHead' | 'write' | 'end', returned: () => unknown) => {
    const send = original[name] as Send;
    res[name] = function (...args: unknown[]) {
      if (refused) {
        // The 413 went out instead: what was meant to follow it is dropped.
        (args.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
        return returned();
      }
      if (!held && !res.headersSent && !req.readableEnded && !req.destroyed) drain();
      if (!held) return send.apply(res, args);
      // compression asks for the head before every write while it is unsent: the first one is sent.
      held.push(() => (name === 'writeHead' && res.headersSent ? undefined : send.apply(res, args)));
      return returned();
    } as never;
  };
  hold('writeHead', () => res);
  hold('write', () => true);
  hold('end', () => res);
}

/**
 * How long a refused client may go on sending, unread, once its 413 is out.
 * Closing a connection whose incoming data is unread resets it, and a client
 * still writing would lose the answer it has not read yet (nginx's
 * lingering_close, for the same reason).
 */
const LINGER_MS = 2000;

/**
 * 413, in the API's error shape under /api/, then the connection closed after
 * a short linger: what the client still sends is dropped, never stored.
 */
function refuse(req: Request, res: Response, maxBytes: number, { writeHead, end }: Senders) {
  const socket = req.socket;
  // Node calls destroySoon once a "Connection: close" answer is flushed: half-close instead, and drop what still comes.
  socket.destroySoon = function (this: typeof socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once('close', () => clearTimeout(timer));
  };
  req.resume();
  const api = req.path.startsWith('/api/');
  const message = `The request body is too large: at most ${formatByteLimit(maxBytes)} here.`;
  const body = api ? JSON.stringify({ error: 'too_large', message }) : message;
  writeHead.call(res, 413, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  (end as (chunk: string) => Response).call(res, body);
}
