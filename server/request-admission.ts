import type { Request, RequestHandler, Response } from 'express';
import { AdmissionFullError, createAdmission, type AdmissionLimits } from '~/services/admission.server';
import { asksForPage } from './http-methods';
import { refusalPage } from './refusal-page';

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';
export const NETWORK_BUSY = 'Too many requests from your network at once. Please try again in a moment.';

/** How long a refused client is asked to wait, in seconds. */
const RETRY_AFTER_S = 2;

/**
 * The longest a page request keeps its place. A page is made in milliseconds; what
 * takes longer is a client reading its answer slowly (or not at all), which must not
 * hold a place that another visitor's page needs. The request goes on, outside the line.
 */
const MAX_HOLD_MS = 10_000;

/**
 * The longest a write keeps its place. Its own work takes milliseconds; what takes
 * longer waits on something else (a sign-in code's mail on the SMTP server, an
 * upload's bytes on its sender), and goes on outside the line, so a slow or dead mail
 * server keeps no place for long.
 */
const WRITE_MAX_HOLD_MS = 1000;

export type RequestAdmissionLimits = Required<Pick<AdmissionLimits, 'running' | 'runningPerKey' | 'waiting' | 'perKey'>> & {
  maxHoldMs?: number;
};

/**
 * Back-pressure for the requests that reach React Router, that is, whatever
 * the page cache and the static files did not answer. Each is worked on on the
 * one JavaScript thread, so more at once only makes all of them slower and
 * holds more memory: a few run, a bounded line waits, and a request past it is
 * answered at once, 429 when its own network already holds its share of the
 * places, else 503. A freed place goes to the waiting network served longest
 * ago, and one network runs at most half the places, so one client's flood of
 * requests, or a few answers it reads slowly, do not hold back anyone else's.
 * A request whose client leaves while it waits gives its place up (its body,
 * unread, is left in its connection meanwhile). Pages (GET and HEAD) and
 * writes (form posts, API writes, any other method) have lines of their own,
 * so a page never waits behind a write, and a write keeps its place a short
 * while only (WRITE_MAX_HOLD_MS): some wait on other servers. `/healthz` is
 * never held. `key` is the client's network (app/web/client-address.server.ts).
 * The line itself is the one image encodes and uploads being read wait in too
 * (app/services/admission.server.ts); what is HTTP's (which requests, the refusal) is here.
 */
export function requestAdmission(
  { pages, writes }: { pages: RequestAdmissionLimits; writes: RequestAdmissionLimits },
  key: Key,
): { handler: RequestHandler; admit: Admit } {
  const pageLine = line({ name: 'pages', ...pages }, MAX_HOLD_MS, key);
  const writeLine = line({ name: 'writes', ...writes }, WRITE_MAX_HOLD_MS, key);
  const handler: RequestHandler = (req, res, next) => {
    if (req.path === '/healthz') return next();
    return (asksForPage(req.method) ? pageLine : writeLine).handler(req, res, next);
  };
  return { handler, admit: pageLine.admit };
}

type Key = (res: Parameters<RequestHandler>[1]) => string;

/** One line: its admission, and the handler that holds a request's place until it is answered, `maxHoldMs` at most. */
function line({ maxHoldMs, ...limits }: RequestAdmissionLimits & { name: string }, defaultHoldMs: number, key: Key) {
  const admission = createAdmission(limits);
  const holdMs = maxHoldMs ?? defaultHoldMs;
  const admit: Admit = (req, res, task) => {
    const left = new AbortController();
    const leave = () => left.abort();
    res.once('close', leave);
    // Only a wait is given up: aborting after every answer built a DOMException (with its stack) per page.
    const run = () => {
      res.off('close', leave);
      return task();
    };
    return admission.run(run, { key: key(res), signal: left.signal }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AdmissionFullError) refuse(req, res, error);
        return false;
      },
    );
  };
  const handler: RequestHandler = (req, res, next) => {
    // A visitor already gone is not worked for: nobody would read it, and its 'close' came before anyone could listen for it.
    if (res.destroyed) return;
    const ended = new Promise<void>((resolve) => res.once('close', resolve));
    void admit(req, res, () => {
      next();
      let timer: NodeJS.Timeout | undefined;
      const heldTooLong = new Promise<void>((resolve) => (timer = setTimeout(resolve, holdMs)));
      return Promise.race([ended, heldTooLong]).finally(() => clearTimeout(timer));
    });
  };
  return { admit, handler };
}

/**
 * Runs `task` holding a place in the line of page requests, as the request `req`
 * (its client's network): true once it has run, false when the line was full and
 * the client was answered 429 or 503, or when the client left while waiting.
 */
export type Admit = (req: Request, res: Response, task: () => Promise<void>) => Promise<boolean>;

function refuse(req: Request, res: Response, error: AdmissionFullError) {
  const status = error.scope === 'key' ? 429 : 503;
  const message = status === 429 ? NETWORK_BUSY : SERVER_BUSY;
  res.status(status).set('Retry-After', String(RETRY_AFTER_S)).set('Cache-Control', 'no-store');
  if (req.path.startsWith('/api/')) res.json({ error: status === 429 ? 'rate_limited' : 'unavailable', message });
  else if (req.accepts(['text/plain', 'html']) === 'html')
    res.type('html').send(refusalPage({ title: 'RigRoast is busy', message, link: { href: '', text: 'Try again' } }));
  else res.type('text/plain').send(message);
}
