import { parse } from 'cookie-es';
import type { RequestHandler } from 'express';
import { databasePosition } from '~/services/litefs.server';
import { isPrimary as defaultIsPrimary } from '~/services/primary.server';
import { asksForPage } from '../http-methods';
import type { Admit } from '../request-admission';
import { signature, signedBy } from './signature';

/** The cookie holding the primary's position after this browser's last write (see signPosition). */
export const TXID_COOKIE = 'rigroast_txid';

/** How long after a write a replica may hold a page for it, before serving what it has. */
export const CATCH_UP_MAX_MS = 3000;
const POLL_MS = 5;
/** Longer than any replication lag: after it, every replica has the write anyway. */
const COOKIE_MAX_AGE_SECONDS = 60;

type Options = {
  litefsDir: string;
  databasePath: string;
  /** The secret every node shares: the primary signs the position it reached, replicas check it. */
  secret: string;
  maxWaitMs?: number;
  /** Whether this node is the primary, which never waits. */
  isPrimary?: () => Promise<boolean>;
  /** Runs a wait holding a place in the line of page requests (request-admission.ts); false when refused, answered. */
  admit?: Admit;
};

/**
 * Read-your-writes across LiteFS nodes. On the primary, the answer to every
 * write carries the database position it reached, in a cookie it signs with the
 * time; a replica that gets a page request with that cookie waits until its own
 * copy has reached the position, so the member's next page shows what they just
 * did. The wait ends `maxWaitMs` after the write at the latest (then it serves
 * what it has rather than fail; a position replayed later holds nothing), and
 * holds a place in the line of page requests meanwhile, so waits count against a
 * client's share like renders. A position nobody signed (a made-up cookie) is
 * never waited for.
 */
export function readYourWrites({
  litefsDir,
  databasePath,
  secret,
  maxWaitMs = CATCH_UP_MAX_MS,
  isPrimary = defaultIsPrimary,
  admit = (_req, _res, wait) => wait().then(() => true),
}: Options): RequestHandler {
  const position = () => databasePosition(litefsDir, databasePath);
  return async (req, res, next) => {
    if (asksForPage(req.method)) {
      const wanted = signedPosition(secret, req.headers.cookie);
      if (!wanted || (position() ?? 0) >= wanted.txid || Date.now() >= wanted.at + maxWaitMs || (await isPrimary())) return next();
      if (await admit(req, res, () => reach(position, wanted.txid, wanted.at + maxWaitMs))) next();
      return;
    }
    // A write, handled on this node: the primary (a replica sent it on before this point).
    const writeHead = res.writeHead as (...args: unknown[]) => typeof res;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      const reached = position();
      if (reached !== undefined && !res.headersSent) {
        res.append(
          'Set-Cookie',
          `${TXID_COOKIE}=${signPosition(secret, reached)}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
        );
      }
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** `<txid hex>.<time ms>.<signature>`: the position the primary reached and when, signed by it. */
export function signPosition(secret: string, txid: number, now = Date.now()): string {
  const parts = [txid.toString(16).padStart(16, '0'), String(now)];
  return `${parts.join('.')}.${signature(secret, [TXID_COOKIE, ...parts])}`;
}

function signedPosition(secret: string, cookieHeader: string | undefined): { txid: number; at: number } | undefined {
  const value = cookieHeader ? parse(cookieHeader)[TXID_COOKIE] : undefined;
  const [txid, at, given, ...rest] = (value ?? '').split('.');
  if (!txid || !at || !given || rest.length > 0 || !/^[0-9a-f]{16}$/.test(txid) || !/^\d{1,15}$/.test(at)) return undefined;
  if (!signedBy(secret, [TXID_COOKIE, txid, at], given)) return undefined;
  const position = Number.parseInt(txid, 16);
  return Number.isSafeInteger(position) ? { txid: position, at: Number(at) } : undefined;
}

async function reach(position: () => number | undefined, wanted: number, until: number): Promise<void> {
  while ((position() ?? 0) < wanted && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}
