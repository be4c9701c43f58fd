import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '~/routes';

function patternsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : `${parent}/${entry.path ?? ''}`.replace(/\/+$/, '') || '/';
    return [
      ...(entry.path !== undefined || entry.index ? [path] : []),
      ...patternsOf(entry.children ?? [], entry.path === undefined ? parent : path),
    ];
  });
}

/**
 * Every path pattern of the route table (routes.ts), nested ones included, as the
 * router matches them: a test that walks them needs no list of its own, and covers
 * a route the day it is added.
 */
export const ROUTE_PATTERNS: readonly string[] = [...new Set(patternsOf(routes))];
