import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '~/routes';

/** A route of the table: the path pattern it matches and its module (relative to app/). */
export type RouteEntry = { pattern: string; file: string };

function entriesOf(entries: RouteConfigEntry[], parent = ''): RouteEntry[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : `${parent}/${entry.path ?? ''}`.replace(/\/+$/, '') || '/';
    return [
      ...(entry.path !== undefined || entry.index ? [{ pattern: path, file: entry.file }] : []),
      ...entriesOf(entry.children ?? [], entry.path === undefined ? parent : path),
    ];
  });
}

/** Every route of the route table (routes.ts), nested ones included, with the pattern the router matches. */
export const ROUTES: readonly RouteEntry[] = entriesOf(routes);

/**
 * Every path pattern of the route table (routes.ts), nested ones included, as the
 * router matches them: a test that walks them needs no list of its own, and covers
 * a route the day it is added.
 */
export const ROUTE_PATTERNS: readonly string[] = [...new Set(ROUTES.map((route) => route.pattern))];

/**
 * Whether a route draws a page: its module exports a component (a default export).
 * One without is a resource route in React Router's terms (JSON, an image, a file, a
 * redirect), which answers no document.
 */
export function drawsAPage(route: RouteEntry): boolean {
  return /^export default\b/m.test(readFileSync(join(import.meta.dirname, '../../app', route.file), 'utf8'));
}
