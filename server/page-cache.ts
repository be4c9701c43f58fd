import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { pageCacheLookups } from '~/services/metrics.server';
import { type ContentEncoding, DOCUMENT_ENCODINGS, preferredEncoding, STORED_ENCODINGS } from '~/document/compression-settings';
import { asksForPage } from './http-methods';
import type { ReadParams } from './page-params';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Response headers that belong to one response, never to a stored page. */
const UNSTORED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'date',
  'etag',
  'transfer-encoding',
  'connection',
  'vary',
  'x-shared-regions',
]);

type StoredPage = {
  version: string;
  /** When its render began, among this cache's renders. */
  order: number;
  storedAt: number;
  status: number;
  headers: [string, string][];
  /**
   * Everyone's page: the document as sent, and compressed once, harder than a
   * per-response compressor could afford. One visitor's: the document as it was sent to them.
   */
  bodies: Partial<Record<ContentEncoding, Buffer>>;
};

/**
 * Whose page a request asks for, by its Cookie header: `null` for what every
 * signed-out visitor sees; a string for one visitor's own page, naming everything of
 * theirs a page reads (the site's cookies); `undefined` for a page never kept.
 */
export type PageOwner = string | null | undefined;

export type PageCacheOptions = {
  /** Changes whenever the data behind pages may have changed (see dataVersion()). */
  version: () => string;
  /** How long a page may be served unchanged, for what moves with the clock ("3m ago", rolling leaderboards). */
  maxAgeMs: number;
  /** Memory everyone's stored pages may take, in bytes. */
  maxBytes: number;
  /** Memory the pages kept for one visitor each may take, in bytes. */
  maxVisitorBytes: number;
  /** The query parameters a page reads (the rest are left out of its key), or 'unstored'; for everyone or for one visitor. */
  params: (pathname: string, forOneVisitor: boolean) => ReadParams | 'unstored';
  /** Whose page a Cookie header asks for (see PageOwner): other sites' cookies make no page anyone's own. */
  owner: (cookieHeader: string) => PageOwner | Promise<PageOwner>;
};

/**
 * Where a page is stored: its path and the parameters it reads, in a fixed
 * order. `storable` is false when the URL carries anything else, so what is
 * kept was rendered from exactly its key (the tutorial's links echo the query).
 * `undefined`, never kept, for a page not listed, or a parameter it reads given
 * twice or with a value the page does not read as sent: each new such value would
 * be a render, three compressions and an entry of its own.
 */
export function pageKey(
  originalUrl: string,
  params: (pathname: string) => ReadParams | 'unstored',
): { key: string; storable: boolean } | undefined {
  // The target is in origin-form (request-target.ts): its path is everything before the query.
  const mark = originalUrl.indexOf('?');
  const pathname = mark === -1 ? originalUrl : originalUrl.slice(0, mark);
  const given = new URLSearchParams(mark === -1 ? '' : originalUrl.slice(mark + 1));
  const read = params(pathname);
  if (read === 'unstored') return undefined;
  const kept = new URLSearchParams();
  for (const [name, value] of given) {
    const accepts = Object.hasOwn(read, name) ? read[name] : undefined;
    if (!accepts) continue;
    if (kept.has(name) || !accepts(value)) return undefined;
    kept.append(name, value);
  }
  kept.sort();
  const query = kept.toString();
  return { key: query ? `${pathname}?${query}` : pathname, storable: kept.size === given.size };
}

/**
 * Serves pages from memory until the database changes or `maxAgeMs` passes.
 * - Visitors without cookies of the site's own, everyone who is not signed in and
 *   has no message waiting, see exactly what any other sees: a page rendered once
 *   serves them all (`res.locals.shared`).
 * - A member sees their own page; rendered once, it serves them again (a reload, a
 *   page opened without JavaScript, a back button) while the data is the same, keyed
 *   by everything of theirs it read, and never anyone else. Only the public pages
 *   `params` lists for one visitor are kept, in the encoding they were sent in.
 * Kept documents have their inline scripts allowed by hash instead of a
 * per-response nonce (`res.locals.kept`), so stored bytes stay valid. Anything else
 * (other methods, non-HTML, errors, Set-Cookie, a session that has ended) passes
 * through, to be rendered with its own nonce.
 */
export function pageCache({ version, maxAgeMs, maxBytes, maxVisitorBytes, params, owner }: PageCacheOptions): RequestHandler {
  const stores = {
    everyone: new LRUCache<string, StoredPage>({ maxSize: maxBytes, sizeCalculation: storedSize }),
    visitor: new LRUCache<string, StoredPage>({ maxSize: maxVisitorBytes, sizeCalculation: storedSize }),
  };

  // Renders under way, by key, with the data version they read: visitors who arrive
  // meanwhile, while the data is still that version, wait for that page instead of
  // rendering and compressing it again (each write would otherwise send every visitor
  // of the next moment to render it for themselves). After a write they render anew:
  // nobody is given a page older than a write that ended before they asked.
  const rendering = new Map<string, { version: string; page: Promise<StoredPage | undefined> }>();
  let rendersBegun = 0;

  return (req: Request, res: Response, next: NextFunction) => {
    if (!asksForPage(req.method)) return next();
    const whose = req.headers.cookie ? owner(req.headers.cookie) : null;
    if (whose instanceof Promise) void whose.then((known) => answer(req, res, next, known), next);
    else answer(req, res, next, whose);
  };

  function answer(req: Request, res: Response, next: NextFunction, whose: PageOwner) {
    // A visitor who left while the request waited in an earlier step (a disk lookup, a
    // replica catching up) has had their 'close' already: a render begun for them
    // would never settle, and everyone after them would wait on it. React Router sends them nothing.
    if (whose === undefined || res.destroyed) return next();
    const forOneVisitor = whose !== null;
    const page = pageKey(req.originalUrl, (pathname) => params(pathname, forOneVisitor));
    if (!page) return next();
    res.locals.kept = true;
    if (!forOneVisitor) res.locals.shared = true;
    const pages = forOneVisitor ? stores.visitor : stores.everyone;
    // One visitor's page is kept in the encoding rendered for them, which follows from their Accept-Encoding.
    const key = forOneVisitor ? `${preferredEncoding(req, DOCUMENT_ENCODINGS)} ${page.key}\n${whose}` : page.key;
    const { storable } = page;
    const current = version();
    const store = forOneVisitor ? 'member' : 'everyone';
    const stored = pages.get(key);
    if (stored && stored.version === current && Date.now() - stored.storedAt < maxAgeMs) {
      pageCacheLookups.inc({ store, result: 'hit' });
      return serve(req, res, stored);
    }
    const underWay = rendering.get(key);
    if (underWay?.version === current) {
      // Waiting on a render under way counts as a hit: this request renders nothing.
      void underWay.page.then((shared) => {
        pageCacheLookups.inc({ store, result: shared ? 'hit' : 'miss' });
        if (shared) serve(req, res, shared);
        else next();
      });
      return;
    }
    pageCacheLookups.inc({ store, result: 'miss' });
    if (req.method === 'GET' && storable) {
      const order = ++rendersBegun;
      let settle: (page: StoredPage | undefined) => void = () => {};
      const render = { version: current, page: new Promise<StoredPage | undefined>((resolve) => (settle = resolve)) };
      rendering.set(key, render);
      const finish = (page?: StoredPage) => {
        if (rendering.get(key) === render) rendering.delete(key);
        settle(page);
      };
      capture(res, (sent) => {
        // Everyone's page is rendered uncompressed, to be compressed once here, as hard as it goes; and
        // never from a render that read its visitor's own cookies (request-handler.ts marks it private),
        // whatever this request's Cookie header looked like beforehand.
        if (!sent || (!forOneVisitor && (sent.encoding !== 'identity' || sent.private))) return finish();
        const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): [string, string][] =>
          UNSTORED_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)]],
        );
        const bodies = forOneVisitor ? Promise.resolve({ [sent.encoding]: sent.body }) : compressAll(sent.body);
        bodies.then(
          (bodies) => {
            const kept: StoredPage = { version: current, order, storedAt: Date.now(), status: res.statusCode, headers, bodies };
            // Its visitors still get it, but it never replaces the page of a render begun after
            // it (after a write, perhaps), which may have ended first.
            if ((pages.peek(key)?.order ?? 0) < kept.order) pages.set(key, kept);
            finish(kept);
          },
          () => finish(),
        );
      });
    }
    next();
  }
}

function storedSize({ bodies }: StoredPage, key: string): number {
  return Object.values(bodies).reduce((bytes, body) => bytes + body.length, key.length + 1024);
}

/** Sends a stored page in the encoding the client prefers, of those it was kept in. */
function serve(req: Request, res: Response, stored: StoredPage): void {
  const kept = Object.keys(stored.bodies) as ContentEncoding[];
  // One visitor's page is kept in the one encoding their request asked for; everyone's, in each the client may pick.
  const encoding = kept.length === 1 ? kept[0]! : preferredEncoding(req, STORED_ENCODINGS);
  const body = stored.bodies[encoding]!;
  res.status(stored.status);
  for (const [name, value] of stored.headers) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.setHeader('X-Page-Cache', 'hit');
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function compressAll(identity: Buffer): Promise<StoredPage['bodies']> {
  const [br, gzip] = await Promise.all([
    // A window just larger than the page: the 4 MB default took about 30 MB for each compression.
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(identity.length + 1)))),
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, br, gzip };
}

/** A page as sent; `private` when marked for its visitor alone. */
type SentPage = { encoding: ContentEncoding; body: Buffer; private: boolean };
const ENCODINGS: readonly string[] = [...DOCUMENT_ENCODINGS, 'identity'];

/**
 * Collects what is written to `res` and hands the whole page over, in the encoding
 * it was sent in, once it is sent if it may be stored, else `undefined` (also for a
 * response that closes unfinished).
 */
function capture(res: Response, store: (sent: SentPage | undefined) => void) {
  const chunks: Buffer[] = [];
  let ended = false;
  // What the bytes written here are in, as the render declared it before the head went out: the
  // compression middleware, further in, declares its own once it has (a page written in pieces).
  let written: string | undefined;
  const declared = () => (written ??= String(res.getHeader('content-encoding') ?? 'identity'));
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const html = () => String(res.getHeader('content-type') ?? '').startsWith('text/html');
  // Copied, so what is kept takes its own size: a buffer written may be a view of a larger one.
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (!html()) return;
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.once('close', () => {
    if (!ended) store(undefined);
  });
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    declared();
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    ended = true;
    if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0]);
    const encoding = declared();
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    const storable =
      res.statusCode === 200 && html() && ENCODINGS.includes(encoding) && !res.hasHeader('set-cookie') && !/no-store/.test(cacheControl);
    const body = storable ? Buffer.concat(chunks) : undefined;
    // A render cut short (it timed out) is sent, but never kept. A compressed document is
    // one entry.server.tsx finished: a render it cut short has the status of an error.
    const whole = encoding !== 'identity' || body?.subarray(-32).toString('utf8').trimEnd().endsWith('</html>');
    store(body && whole ? { encoding: encoding as ContentEncoding, body, private: /private/.test(cacheControl) } : undefined);
    return end(chunk, ...rest);
  }) as typeof res.end;
}
