import type { RequestHandler } from 'express';
import { databasePosition } from '~/services/litefs.server';
import { isPrimary as defaultIsPrimary } from '~/services/primary.server';
import { asksForPage } from '../http-methods';

/** The cookie holding the primary's position after this browser's last write (hex TXID, as LiteFS's own proxy writes `__txid`). */
export const TXID_COOKIE = 'rigroast_txid';

/** How long a replica holds a page for a write it has not received yet, before serving what it has. */
export const CATCH_UP_MAX_MS = 3000;
const POLL_MS = 5;
/** Longer than any replication lag: after it, every replica has the write anyway. */
const COOKIE_MAX_AGE_SECONDS = 60;

type Options = {
  litefsDir: string;
  databasePath: string;
  maxWaitMs?: number;
  /** Whether this node is the primary, which never waits. */
  isPrimary?: () => Promise<boolean>;
};

/**
 * Read-your-writes across LiteFS nodes. On the primary, the answer to every
 * write carries the database position it reached, in a cookie; a replica that
 * gets a page request with that cookie waits (at most `maxWaitMs`) until its
 * own copy has reached the position, so the member's next page shows what they
 * just did. Past the bound it serves what it has rather than fail.
 */
export function readYourWrites({
  litefsDir,
  databasePath,
  maxWaitMs = CATCH_UP_MAX_MS,
  isPrimary = defaultIsPrimary,
}: Options): RequestHandler {
  const position = () => databasePosition(litefsDir, databasePath);
  return async (req, res, next) => {
    if (asksForPage(req.method)) {
      const wanted = wantedPosition(req.headers.cookie);
      if (wanted !== undefined && !(await isPrimary())) await reach(position, wanted, maxWaitMs);
      return next();
    }
    // A write, handled on this node: the primary (a replica sent it on before this point).
    const writeHead = res.writeHead as (...args: unknown[]) => typeof res;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      const reached = position();
      if (reached !== undefined && !res.headersSent) {
        const value = reached.toString(16).padStart(16, '0');
        res.append('Set-Cookie', `${TXID_COOKIE}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`);
      }
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

function wantedPosition(cookieHeader: string | undefined): number | undefined {
  const match = new RegExp(`(?:^|;\\s*)${TXID_COOKIE}=([0-9a-f]{1,16})(?:;|$)`).exec(cookieHeader ?? '');
  if (!match) return undefined;
  const txid = Number.parseInt(match[1]!, 16);
  return Number.isSafeInteger(txid) ? txid : undefined;
}

async function reach(position: () => number | undefined, wanted: number, maxWaitMs: number): Promise<void> {
  const until = Date.now() + maxWaitMs;
  while ((position() ?? 0) < wanted && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}
