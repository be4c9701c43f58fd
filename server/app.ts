import { randomBytes } from 'node:crypto';
import compression from 'compression';
import express, { type Request as ExpressRequest, type NextFunction, type Response } from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { dataVersion, readingVersionOnce } from '~/services/db.server';
import { cookieSecret, type Env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { clientBuildFolder } from '~/services/paths.server';
import { bodyLimit } from './body-limit';
import { endedSessions } from './ended-sessions';
import { BROTLI_PARAMS, DOCUMENT_ENCODINGS, preferredEncoding } from '~/document/compression-settings';
import { CLIENT_ADDRESS_HEADER, clientAddress, limitKey } from '~/web/client-address.server';
import { pageOwner } from '~/web/session.server';
import { requestInfoContext } from '~/document/request-info';
import { asksForPage } from './http-methods';
import { originCheck } from './origin-check';
import { pageCache } from './page-cache';
import { metricsEndpoint, registerNodeMetrics, requestMetrics, routeLabeller } from './metrics';
import { pageParams } from './page-params';
import { forwardWrites } from './replica/forward-writes';
import { PEER_HEADER, verifyPeer } from './replica/peer';
import { readYourWrites } from './replica/read-your-writes';
import { requestAdmission } from './request-admission';
import { createRequestHandler } from './request-handler';
import { requestTarget } from './request-target';
import { securityHeaders } from './security-headers';
import { staticMounts } from './static-mounts';

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  config: Env;
  /** The Vite dev server, in development only. */
  vite?: ViteDevServer;
};

/** How long a stored page is served while nothing changes: relative dates and rolling windows move on. */
const PAGE_CACHE_MAX_AGE_MS = 30_000;
const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Members' own pages, kept compressed (5–17 KB each): a few hundred. */
const PAGE_CACHE_MAX_VISITOR_BYTES = 4 * 1024 * 1024;
/**
 * Requests React Router works on at once (one network at most half of them), those
 * that may wait, and how many of both one client's network may hold
 * (request-admission.ts). Pages and data requests: a page takes 1-6 ms of the one
 * thread, so a full line is answered within about a second. Writes, in a line of
 * their own: a handful at once is all the thread needs, and enough may wait that
 * a burst of uploads from many networks meets the upload lines' own limits first.
 */
const REQUEST_ADMISSION = {
  pages: { running: 8, runningPerKey: 4, waiting: 128, perKey: 64 },
  writes: { running: 4, runningPerKey: 2, waiting: 64, perKey: 32 },
};

/** The whole HTTP application: static files, then React Router for everything else. */
export function createApp({ build, mode, config, vite }: Options) {
  const app = express();
  app.disable('x-powered-by');
  // Mount paths (the static files, /uploads) match letter for letter, as the files behind
  // them are named: /uploads/IMAGES/ is not a way into /uploads/images/. Pages are React Router's to match.
  app.set('case sensitive routing', true);
  // With a trusted proxy, req.protocol and req.host come from X-Forwarded-Proto/Host,
  // so React Router sees the public URL (its CSRF check compares it with Origin).
  app.set('trust proxy', config.TRUST_PROXY || false);
  const proxyTrust = { proxyHops: config.TRUST_PROXY, onFly: config.FLY_APP_NAME !== undefined };

  // First, so every request has its id and is counted, whatever answers it.
  app.use(requestMetrics());
  registerNodeMetrics({ litefsDir: config.LITEFS_DIR, infoUrl: config.LITEFS_INFO_URL, databasePath: config.DATABASE_PATH });
  app.use(requestTarget());
  app.use(securityHeaders({ production: config.NODE_ENV === 'production' }));
  // An upload's network is looked up when its body is first read, by then set below.
  app.use(bodyLimit({ key: (res) => limitKey(String(res.locals.clientAddress)), minBytesPerSecond: config.UPLOAD_MIN_KB_PER_S * 1024 }));
  const secret = cookieSecret();
  // The client's network as we trust it, for rate limits anywhere downstream; a
  // value sent by the client under the same name is overwritten. A request a
  // replica forwarded carries the address it saw, signed (replica/peer.ts).
  app.use((req, res, next) => {
    const fromPeer = verifyPeer(secret, req.get(PEER_HEADER), { method: req.method, url: req.originalUrl });
    delete req.headers[PEER_HEADER];
    const address =
      fromPeer ??
      clientAddress(
        { socketAddress: req.socket.remoteAddress, forwardedFor: req.get('x-forwarded-for'), flyClientIp: req.get('fly-client-ip') },
        proxyTrust,
      );
    res.locals.fromPeer = fromPeer !== undefined;
    res.locals.clientAddress = address;
    req.headers[CLIENT_ADDRESS_HEADER] = limitKey(address);
    next();
  });
  // Several machines (docs/decisions/003-deployment.md): on a replica, writes go to the primary before anything reads them.
  if (config.LITEFS_DIR) app.use(forwardWrites({ secret }));
  // Documents come compressed from entry.server.tsx; this compresses the rest (data requests, JSON, static files).
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));

  // Before the lines and the page cache: a scrape is answered when the server is busiest.
  app.use(metricsEndpoint(config.METRICS_TOKEN));

  if (vite) app.use(vite.middlewares);
  for (const mount of staticMounts({ uploadsDir: config.UPLOADS_DIR, clientFolder: vite ? null : clientBuildFolder })) {
    app.use(mount.path, (req, res, next) => {
      res.locals.route = mount.path === '/' ? 'static' : mount.path;
      mount.handler(req, res, next);
    });
  }
  // Unlisted photos (private/), the social cards' cache (cards/) and anything else under
  // /uploads; a script or style sheet no build has (a page a deploy outdated asks for its old
  // ones): files, not pages, so a short 404 instead of a rendered page.
  app.use(['/uploads', '/assets'], (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  // From here on React Router's routes answer (or the page cache, for them): named by their pattern.
  const labels = new WeakMap<ServerBuild, (pathname: string) => string>();
  app.use((req, res, next) => {
    const named = (resolved: ServerBuild) => {
      let label = labels.get(resolved);
      if (!label) labels.set(resolved, (label = routeLabeller(resolved.routes)));
      res.locals.route = label(req.path);
      next();
    };
    if (typeof build !== 'function') return named(build);
    build().then(named, next);
  });

  // Form posts must come from our own pages: the public origin, or the address
  // the request came in on (React Router compares Origin with the request URL).
  const allowedActionOrigins = [new URL(config.PUBLIC_ORIGIN).host];
  app.use(originCheck({ allowedHosts: allowedActionOrigins }));
  // The lines of requests for React Router, pages and writes; a replica's waits for a member's write count as pages.
  const admission = requestAdmission(REQUEST_ADMISSION, (res) => limitKey(String(res.locals.clientAddress)));
  // Pages (not static files) wait until this replica has the member's last write, before the page cache answers.
  if (config.LITEFS_DIR)
    app.use(readYourWrites({ litefsDir: config.LITEFS_DIR, databasePath: config.DATABASE_PATH, secret, admit: admission.admit }));
  // From here on a GET reads the data version once (db.server.ts).
  app.use((req, _res, next) => (asksForPage(req.method) ? readingVersionOnce(next) : next()));
  app.use(endedSessions());
  // Pages as signed-out visitors see them, rendered once per change of the data; a member's, once for them.
  if (!vite)
    app.use(
      pageCache({
        version: dataVersion,
        maxAgeMs: PAGE_CACHE_MAX_AGE_MS,
        maxBytes: PAGE_CACHE_MAX_BYTES,
        maxVisitorBytes: PAGE_CACHE_MAX_VISITOR_BYTES,
        params: pageParams,
        owner: pageOwner,
      }),
    );
  app.use(admission.handler);
  const withOrigins = (resolved: ServerBuild): ServerBuild => ({ ...resolved, allowedActionOrigins });
  const fixedBuild = typeof build === 'function' ? undefined : withOrigins(build);
  // `use`, not a route pattern: express would reject a malformed path before React Router sees it.
  app.use(
    createRequestHandler({
      build: fixedBuild ?? (async () => withOrigins(await (build as () => Promise<ServerBuild>)())),
      mode,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          // No policy under the dev server, so no nonce: browsers only hide nonces when a policy applies.
          nonce: vite || res.locals.kept ? '' : randomBytes(16).toString('base64'),
          shared: res.locals.shared === true,
          enforceCsp: !vite,
          encoding: preferredEncoding(req, DOCUMENT_ENCODINGS),
        });
        return context;
      },
    }),
  );

  // Last resort for errors outside React Router (e.g. a malformed static file path):
  // logged here, answered without internals.
  app.use((error: unknown, req: ExpressRequest, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = httpStatus(error);
    if (status >= 500) log.error(`${req.method} ${req.originalUrl} failed`, error);
    res
      .status(status)
      .type('text/plain')
      .send(status >= 500 ? 'Something went wrong.' : 'Bad request.');
  });

  return app;
}

function httpStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
