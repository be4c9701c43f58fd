import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { preferredEncoding, STORED_ENCODINGS } from './compression-settings';
import { asksForPage } from './http-methods';

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
  /** The document as sent, and compressed once, harder than a per-response compressor could afford. */
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
};

export type PageCacheOptions = {
  /** Changes whenever the data behind pages may have changed (see dataVersion()). */
  version: () => string;
  /** How long a page may be served unchanged, for what moves with the clock ("3m ago", rolling leaderboards). */
  maxAgeMs: number;
  /** Memory the stored pages may take, in bytes. */
  maxBytes: number;
  /** The query parameters a page reads (the rest are left out of its key), or 'unstored'. */
  params: (pathname: string) => readonly string[] | 'unstored';
  /** Whether a Cookie header makes the page the visitor's own (a session, a message waiting); other cookies do not. */
  personal: (cookieHeader: string) => boolean | Promise<boolean>;
};

/**
 * Where a page is stored: its path and the parameters it reads, in a fixed
 * order. `storable` is false when the URL carries anything else, so what is
 * kept was rendered from exactly its key (the tutorial's links echo the query).
 */
export function pageKey(originalUrl: string, params: PageCacheOptions['params']): { key: string; storable: boolean } | undefined {
  // Split by hand: URL would read a path such as //host/x as another host.
  const mark = originalUrl.indexOf('?');
  const pathname = mark === -1 ? originalUrl : originalUrl.slice(0, mark);
  const given = new URLSearchParams(mark === -1 ? '' : originalUrl.slice(mark + 1));
  const read = params(pathname);
  if (read === 'unstored') return undefined;
  const kept = new URLSearchParams([...given].filter(([name]) => read.includes(name)));
  kept.sort();
  const query = kept.toString();
  return { key: query ? `${pathname}?${query}` : pathname, storable: kept.size === given.size };
}

/**
 * Serves pages to visitors without personal cookies — everyone who is not signed
 * in and has no message waiting — from memory. Such a visitor sees exactly what any
 * other sees, so a page rendered once serves them all until the database
 * changes or `maxAgeMs` passes. Their documents have the inline scripts allowed
 * by hash instead of a per-response nonce (`res.locals.shared`), so stored bytes
 * are valid for everyone. Anything else (the site's own cookies, other methods, non-HTML,
 * errors, Set-Cookie) passes through, to be rendered with its own nonce.
 */
export function pageCache({ version, maxAgeMs, maxBytes, params, personal }: PageCacheOptions): RequestHandler {
  const pages = new LRUCache<string, StoredPage>({
    maxSize: maxBytes,
    sizeCalculation: ({ bodies }) => bodies.identity.length + bodies.br.length + bodies.gzip.length + 1024,
  });

  // Renders under way, by key, with the data version they read: visitors who arrive
  // meanwhile, while the data is still that version, wait for that page instead of
  // rendering and compressing it again (each write would otherwise send every visitor
  // of the next moment to render it for themselves). After a write they render anew:
  // nobody is given a page older than a write that ended before they asked.
  const rendering = new Map<string, { version: string; page: Promise<StoredPage | undefined> }>();
  let rendersBegun = 0;

  return (req: Request, res: Response, next: NextFunction) => {
    if (!asksForPage(req.method)) return next();
    const own = req.headers.cookie ? personal(req.headers.cookie) : false;
    if (own === true) return next();
    if (own === false) return answer(req, res, next);
    void own.then((mine) => (mine ? next() : answer(req, res, next)), next);
  };

  function answer(req: Request, res: Response, next: NextFunction) {
    // A visitor who left while the request waited in an earlier step (a disk lookup, a
    // replica catching up) has had their 'close' already: a render begun for them
    // would never settle, and everyone after them would wait on it. React Router sends them nothing.
    if (res.destroyed) return next();
    const page = pageKey(req.originalUrl, params);
    if (!page) return next();
    res.locals.shared = true;
    const { key, storable } = page;
    const current = version();
    const stored = pages.get(key);
    if (stored && stored.version === current && Date.now() - stored.storedAt < maxAgeMs) return serve(req, res, stored);
    const underWay = rendering.get(key);
    if (underWay?.version === current) {
      void underWay.page.then((shared) => (shared ? serve(req, res, shared) : next()));
      return;
    }
    if (req.method === 'GET' && storable) {
      const order = ++rendersBegun;
      let settle: (page: StoredPage | undefined) => void = () => {};
      const render = { version: current, page: new Promise<StoredPage | undefined>((resolve) => (settle = resolve)) };
      rendering.set(key, render);
      const finish = (page?: StoredPage) => {
        if (rendering.get(key) === render) rendering.delete(key);
        settle(page);
      };
      capture(res, (html) => {
        if (!html) return finish();
        const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): [string, string][] =>
          UNSTORED_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)]],
        );
        compressAll(html).then(
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

/** Sends a stored page in the encoding the client prefers. */
function serve(req: Request, res: Response, stored: StoredPage): void {
  const encoding = preferredEncoding(req, STORED_ENCODINGS);
  const body = stored.bodies[encoding];
  res.status(stored.status);
  for (const [name, value] of stored.headers) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Encoding', encoding);
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

/**
 * Collects what is written to `res` and hands the whole HTML over once it is sent
 * if it may be stored, else `undefined` (also for a response that closes unfinished).
 */
function capture(res: Response, store: (html: Buffer | undefined) => void) {
  const chunks: Buffer[] = [];
  let ended = false;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.once('close', () => {
    if (!ended) store(undefined);
  });
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    ended = true;
    if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0]);
    const storable =
      res.statusCode === 200 &&
      String(res.getHeader('content-type') ?? '').startsWith('text/html') &&
      !res.hasHeader('set-cookie') &&
      !/private|no-store/.test(String(res.getHeader('cache-control') ?? ''));
    const html = storable ? Buffer.concat(chunks) : undefined;
    // A render cut short (it timed out) is sent, but never kept.
    store(html?.subarray(-32).toString('utf8').trimEnd().endsWith('</html>') ? html : undefined);
    return end(chunk, ...rest);
  }) as typeof res.end;
}
