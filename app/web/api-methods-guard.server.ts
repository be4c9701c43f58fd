import type { MiddlewareFunction } from 'react-router';
import { apiMethods } from '~/api/methods';
import { apiError } from '~/api/request.server';

/**
 * Answers a call the API contract does not describe at its path (a write to a path
 * that only reads, a PUT where PATCH is meant) with the API's 405 and the methods it
 * takes, before any route sees it: one answer for every API route, added later ones too,
 * where React Router's own was a server error's shape and a logged stack.
 */
export const apiMethodsGuard: MiddlewareFunction<Response> = ({ request, pattern }, next) => {
  const route = pattern.startsWith('/') ? pattern : `/${pattern}`;
  const allowed = route.startsWith('/api/') ? apiMethods(route) : undefined;
  if (!allowed || allowed.has(request.method)) return next();
  const allow = [...allowed].join(', ');
  throw apiError(405, `This call takes ${allow}.`, undefined, { headers: { Allow: allow } });
};
