import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { registerQueueMetrics } from '~/queue/queue-metrics.server';
import { ROASTER_STATES, roasterStatus } from '~/roast/roaster-state.server';
import { databasePosition, primaryStatus } from '~/services/litefs.server';
import { withRequestId } from '~/services/log.server';
import { gaugeReadOnScrape, httpDuration, httpRequests, metrics } from '~/services/metrics.server';

/** Paths whose route pattern is remembered: a site's busiest pages, bounded whatever paths are asked for. */
const LABELLED_PATHS = 5_000;

/** Methods named in the metrics as they are; anything else a client sends counts as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Gives every request an id (a response header, and on every log line it causes)
 * and counts it when answered: by method, the route pattern that answered it (set
 * by the part that did, `res.locals.route`) and status, with its time. The id is
 * ours; one a client sends is not taken, so a log line never carries their words.
 */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = randomBytes(8).toString('hex');
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const method = METHODS.has(req.method) ? req.method : 'other';
      const route = typeof res.locals.route === 'string' ? res.locals.route : 'unmatched';
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      httpRequests.inc({ method, route, status });
      httpDuration.observe({ method, route }, (performance.now() - started) / 1000);
    });
    withRequestId(id, next);
  };
}

/**
 * The route pattern of a path, as the route table names it (`/build/:id`, `/api/builds/:id`,
 * `/*` for a page that is not there): a bounded set of labels, whatever the path holds.
 * A data request (`/build/7.data`, `/_root.data`) is its page's. Each match walks and
 * compiles the whole route table again (matchRoutes keeps nothing between calls), about
 * a tenth of a rendered page's CPU: the label is a function of the path alone, so it is
 * kept per path.
 */
export function routeLabeller(routes: ServerBuild['routes']): (pathname: string) => string {
  const byParent = new Map<string | undefined, string[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route.id]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((id) => {
      const { path, index, caseSensitive } = routes[id]!;
      return index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: tree(id) };
    });
  const table = tree(undefined);
  const labels = new LRUCache<string, string>({ max: LABELLED_PATHS });
  return (pathname) => {
    let label = labels.get(pathname);
    if (label === undefined) labels.set(pathname, (label = labelOf(table, pathname)));
    return label;
  };
}

function labelOf(table: RouteObject[], pathname: string): string {
  const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '');
  const matches = matchRoutes(table, page) ?? [];
  const parts = matches.flatMap(({ route }) => (route.path ? route.path.split('/') : [])).filter(Boolean);
  return matches.length === 0 ? 'unmatched' : `/${parts.join('/')}`;
}

/**
 * GET /metrics, as METRICS_TOKEN says: unset, the route is not there (the next
 * handler answers 404); set, only `Authorization: Bearer <token>` reads it (401 otherwise).
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  if (!token) return (_req, _res, next) => next();
  const expected = digest(token);
  return async (req, res, next) => {
    if (req.path !== '/metrics') return next();
    res.locals.route = '/metrics';
    res.setHeader('Cache-Control', 'no-store');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
    const given = /^Bearer ([^\s]+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('A bearer token is required.');
      return;
    }
    try {
      const text = await metrics.metrics();
      res.type(metrics.contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

type NodeOptions = { litefsDir?: string; infoUrl: string; databasePath: string };

/** The numbers this node reads when scraped: the queue, the roaster, and with LiteFS, its role, position and lag behind the primary. */
export function registerNodeMetrics({ litefsDir, infoUrl, databasePath }: NodeOptions): void {
  registerQueueMetrics();
  gaugeReadOnScrape({
    name: 'rigroast_roaster_state',
    help: 'Who writes the roasts: 1 for the state now (ready, loading, unreachable, builtin), 0 for the others.',
    labelNames: ['state'],
    read: async () => {
      const { state } = await roasterStatus();
      return ROASTER_STATES.map((each) => ({ labels: { state: each }, value: each === state ? 1 : 0 }));
    },
  });
  gaugeReadOnScrape({
    name: 'rigroast_litefs_role',
    help: 'This node as LiteFS sees it: 1 for its role (primary, replica or unknown); primary without LiteFS.',
    labelNames: ['role'],
    read: async () => [{ labels: { role: (await primaryStatus({ litefsDir, infoUrl })).role }, value: 1 }],
  });
  if (!litefsDir) return;
  gaugeReadOnScrape({
    name: 'rigroast_litefs_position_txid',
    help: 'The last LiteFS transaction this node applied (a replica behind its primary has a lower one).',
    read: () => {
      const txid = databasePosition(litefsDir, databasePath);
      return txid === undefined ? [] : [{ value: txid }];
    },
  });
  gaugeReadOnScrape({
    name: 'rigroast_litefs_lag_seconds',
    help: 'How far this replica is behind its primary, as LiteFS reports it (its .lag file); 0 on the primary.',
    read: () => {
      const lag = replicaLagMs(litefsDir);
      return lag === undefined ? [] : [{ value: lag / 1000 }];
    },
  });
}

/** LiteFS's `.lag`: `+%010d` milliseconds behind the primary. */
function replicaLagMs(litefsDir: string): number | undefined {
  try {
    const ms = Number.parseInt(readFileSync(join(litefsDir, '.lag'), 'utf8').trim(), 10);
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}
