import type { RequestListener } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { AdmissionFullError, createAdmission, type Admission, type AdmissionLimits } from '~/services/admission.server';
import { BodyRefusedError } from '~/web/body-refused.server';
import { formatByteLimit } from '~/utils/byte-limits';
import { FORM_MAX_FIELDS, REQUEST_BODY_MAX_BYTES } from '~/utils/constants';
import { bodyRule, type Refusal, tooLarge, tooManyFields } from './body-rules';
import { fieldCounter, type FieldSeparator } from './form-fields';
import { BACK_TO_THE_FORM, refusalPage } from './refusal-page';
import { NETWORK_BUSY, SERVER_BUSY } from './request-admission';
import { originForm } from './request-target';

/**
 * Uploads being read at once: what their declared bodies (at most their limit)
 * may hold together, one network's share of it, how many one network may have
 * read and waiting, and how many may wait in all. A body that waits is unread:
 * its connection holds it back, not the server's memory.
 */
export const READING_LINE = {
  running: Infinity,
  budget: 64 * 1024 * 1024,
  budgetPerKey: 16 * 1024 * 1024,
  perKey: 8,
  waiting: 64,
} satisfies AdmissionLimits;

/** The slowest an upload being read may come in, past its head start: a poor mobile uplink (256 kbit/s). */
export const MIN_UPLOAD_BYTES_PER_SECOND = 32 * 1024;

/** What an upload may send behind its pace: ten seconds' worth at the default, for a connection to get going. */
const HEAD_START_BYTES = 320 * 1024;

/** The least time between two checks of an upload's pace. */
const PACE_CHECK_MS = 100;

/** How long a client refused for a busy line is asked to wait, in seconds. */
const RETRY_AFTER_S = 2;

export type BodyLimitOptions = {
  /** The client's network: one network has only its share of the reading line. */
  key: (res: Response) => string;
  /** The slowest an upload may come in while it is read, past its head start; slower is answered 408. */
  minBytesPerSecond?: number;
  /** The reading line's limits (READING_LINE). */
  reading?: AdmissionLimits;
};

/**
 * Bounds every request body, before anything reads it, by what it is and where
 * it goes (bodyRule): a body of a kind its route does not read is answered 415
 * at once, unread, and so is a declared Content-Length over its limit, with
 * 413; a form's fields and a chunked body's bytes are counted as they arrive,
 * and the body refused with 413 the moment it has more fields than any form
 * (FORM_MAX_FIELDS) or passes its limit: whoever was reading it gets an error,
 * never a cut-short body, and no parser sees the rest. An upload larger than a
 * form is held unread until the reading line has room for it, then must keep a
 * pace (keepPace): a full line is answered 429 or 503, a body that falls behind
 * 408. An answer ready before the body was read (a guest's upload refused with
 * 401, a cross-site post) waits while the rest is read and discarded, so the
 * client, still sending, gets to read it and the connection stays usable.
 */
export function bodyLimit({
  key,
  minBytesPerSecond = MIN_UPLOAD_BYTES_PER_SECOND,
  reading = READING_LINE,
}: BodyLimitOptions): RequestHandler {
  const line = createAdmission({ name: 'upload-reading', ...reading });
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && (declared === undefined || declared === '0')) return next();
    // requestTarget has put req.url in origin-form already.
    const rule = bodyRule(req.headers['content-type'], req.url);
    const senders = { writeHead: res.writeHead, end: res.end };
    if ('refusal' in rule) return refuse(req, res, rule.refusal, senders);
    const { maxBytes, fields } = rule;
    if (Number(declared) > maxBytes) return refuse(req, res, tooLarge(maxBytes), senders);
    const upload = maxBytes > REQUEST_BODY_MAX_BYTES && !(Number(declared) <= REQUEST_BODY_MAX_BYTES);
    const reading = upload ? { line, key: () => key(res), cost: Number(declared) || maxBytes, minBytesPerSecond } : undefined;
    guard(req, res, { maxBytes, fields }, reading);
    next();
  };
}

/**
 * Answers `Expect: 100-continue` (curl asks it before bodies over 1 MB): the
 * client is told to go on only when its declared body is within its limit, so
 * an oversized one gets its 413 before a byte of it is sent.
 */
export function continueWithinLimit(app: RequestListener): RequestListener {
  return (req, res) => {
    // Ahead of the Express app, so before requestTarget: the target is read as it will read it.
    const rule = bodyRule(req.headers['content-type'], originForm(req.url ?? ''));
    if ('maxBytes' in rule && !(Number(req.headers['content-length']) > rule.maxBytes)) res.writeContinue();
    app(req, res);
  };
}

type Senders = Pick<Response, 'writeHead' | 'end'>;
type Send = (...args: unknown[]) => unknown;
type Reading = { line: Admission; key: () => string; cost: number; minBytesPerSecond: number };

function guard(
  req: Request,
  res: Response,
  limits: { maxBytes: number; fields: FieldSeparator | undefined },
  reading: Reading | undefined,
) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const { maxBytes } = limits;
  const fields = limits.fields && fieldCounter(limits.fields);
  let received = 0;
  let refused = false;
  /** Calls to `res` held back until the body has been read to its end. */
  let held: (() => void)[] | undefined;

  const refuseBody = (refusal: Refusal) => {
    if (refused) return;
    refused = true;
    held = undefined;
    turn?.leave();
    for (const listener of req.listeners('data')) req.off('data', listener as Send);
    refuse(req, res, refusal, original);
    req.emit('error', new BodyRefusedError(refusal.message));
  };
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) refuseBody(tooLarge(maxBytes));
    else if (fields && fields(chunk) > FORM_MAX_FIELDS) refuseBody(tooManyFields);
  };
  // Paused first: nothing flows until the reader (React Router) attaches its own
  // listener and asks for data, so it misses no chunk counted here.
  req.pause();
  req.on('data', count);
  // The error emitted above must not throw when nobody reads the body yet.
  req.on('error', () => {});
  const turn = reading && takeTurn(req, reading, () => received, refuseBody);

  const drain = () => {
    held = [];
    // Bytes thrown away hold no memory: the upload gives its place in the line up.
    turn?.leave();
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
        // The refusal went out instead: what was meant to follow it is dropped.
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
 * Holds an upload's body unread until the reading line admits it: its reader's
 * first request for data (React Router asks as it makes the request) takes a
 * place for the client's network, and the bytes flow once it is given. The
 * place is held while the body is read and kept to its pace, and given up when
 * the body ends, the client leaves, or the body is refused or thrown away.
 */
function takeTurn(req: Request, reading: Reading, received: () => number, refuse: (refusal: Refusal) => void) {
  const resume = req.resume;
  let state: 'unread' | 'waiting' | 'reading' | 'done' = 'unread';
  let finish: (() => void) | undefined;
  const left = new AbortController();
  const pace = keepPace(req, reading.minBytesPerSecond, received, () =>
    refuse({
      status: 408,
      code: 'request_timeout',
      title: 'Too slow',
      message: `The upload came in too slowly: at least ${formatByteLimit(reading.minBytesPerSecond)} a second is needed. Please try again.`,
    }),
  );

  const leave = () => {
    if (state === 'done') return;
    state = 'done';
    left.abort();
    pace.stop();
    finish?.();
  };
  const enter = () => {
    state = 'waiting';
    const read = () =>
      new Promise<void>((resolve) => {
        state = 'reading';
        finish = resolve;
        pace.start();
        resume.call(req);
      });
    reading.line.run(read, { cost: reading.cost, key: reading.key(), signal: left.signal }).catch((error: unknown) => {
      if (!(error instanceof AdmissionFullError)) return;
      const network = error.scope === 'key';
      refuse({
        status: network ? 429 : 503,
        code: network ? 'rate_limited' : 'unavailable',
        title: 'RigRoast is busy',
        message: network ? NETWORK_BUSY : SERVER_BUSY,
        retryAfterS: RETRY_AFTER_S,
      });
    });
  };
  req.resume = function (this: Request) {
    if (state === 'unread') enter();
    return state === 'waiting' ? this : resume.call(this);
  };
  req.once('end', leave);
  req.once('close', leave);
  return { leave };
}

/**
 * Refuses an upload that comes in slower than `bytesPerSecond` while it is
 * read, once past its head start: a client trickling its bytes would keep its
 * place in the reading line for as long as it liked. Only the time its reader
 * asks for data counts: a reader busy elsewhere holds the client back itself.
 */
function keepPace(req: Request, bytesPerSecond: number, received: () => number, tooSlow: () => void) {
  let readMs = 0;
  let since: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    timer = undefined;
    if (since === undefined) return;
    const allowedMs = ((received() + HEAD_START_BYTES) / bytesPerSecond) * 1000;
    const aheadMs = allowedMs - (readMs + performance.now() - since);
    if (aheadMs <= 0) return tooSlow();
    timer = setTimeout(check, Math.max(aheadMs, PACE_CHECK_MS)).unref();
  };
  const resumed = () => {
    since ??= performance.now();
    if (!timer) check();
  };
  const paused = () => {
    if (since !== undefined) readMs += performance.now() - since;
    since = undefined;
  };
  return {
    start() {
      req.on('resume', resumed);
      req.on('pause', paused);
    },
    stop() {
      clearTimeout(timer);
      req.off('resume', resumed);
      req.off('pause', paused);
    },
  };
}

/**
 * How long a refused client may go on sending, unread, once its answer is out.
 * Closing a connection whose incoming data is unread resets it, and a client
 * still writing would lose the answer it has not read yet (nginx's
 * lingering_close, for the same reason).
 */
const LINGER_MS = 2000;

/**
 * The refusal, in the API's error shape under /api/, as a page for a browser's
 * own form post, as text otherwise; then the connection closed
 * after a short linger: what the client still sends is dropped, never stored.
 */
function refuse(req: Request, res: Response, { status, code, message, title, retryAfterS }: Refusal, { writeHead, end }: Senders) {
  const socket = req.socket;
  // Node calls destroySoon once a "Connection: close" answer is flushed: half-close instead, and drop what still comes.
  socket.destroySoon = function (this: typeof socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once('close', () => clearTimeout(timer));
  };
  req.resume();
  const api = req.path.startsWith('/api/');
  // A form a browser posted itself (no JavaScript) shows the answer as it comes: a page; React Router's own fetches (.data) read text.
  const page = !api && !req.path.endsWith('.data') && req.accepts(['text/plain', 'html']) === 'html';
  const body = api ? JSON.stringify({ error: code, message }) : page ? refusalPage({ title, message, link: BACK_TO_THE_FORM }) : message;
  writeHead.call(res, status, {
    'Content-Type': `${api ? 'application/json' : page ? 'text/html' : 'text/plain'}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...(retryAfterS === undefined ? {} : { 'Retry-After': String(retryAfterS) }),
    Connection: 'close',
  });
  (end as (chunk: string) => Response).call(res, body);
}
