import { data, type MiddlewareFunction } from 'react-router';
import { activeSuspension } from '~/domain/member-moderation';
import { suspendedMessage } from '~/utils/suspension';
import { sessionContext } from './session.server';

/**
 * The writes a suspended member may still make, by the route pattern they reach
 * (routes.ts): signing in and out and the e-mailed account links, acknowledging a
 * warning, marking notifications read, and their mail switches through the API or a
 * mail's one-click link. Nothing here puts anything in front of other members.
 */
export const WRITES_WHILE_SUSPENDED: ReadonlySet<string> = new Set([
  '/auth',
  '/auth/magic',
  '/logout',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/notifications',
  '/warnings',
  '/api/logout',
  '/api/request-login-code',
  '/api/verify-login-code',
  '/api/verify-email',
  '/api/request-password-reset',
  '/api/reset-password',
  '/api/notifications/read-all',
  '/api/notifications/:id/read',
  '/api/user/email-preferences',
  '/api/user/warnings/:id/acknowledge',
]);

const READS = new Set(['GET', 'HEAD']);

/**
 * Refuses every other write of a suspended member, pages' actions and the JSON API
 * alike, before any route's action runs: one guard in front of them all, as the
 * session lookup is for disabled members, so a new write path is covered the day it
 * is added. A page's post gets the error page with the message (the forms are not
 * offered meanwhile), an API call `{ error: 'suspended', message }`; both 403.
 */
export const suspensionGuard: MiddlewareFunction<Response> = ({ request, context, pattern }, next) => {
  const user = context.get(sessionContext)?.user;
  const until = user ? activeSuspension(user) : null;
  if (!until || READS.has(request.method)) return next();
  // The router joins the matched routes' paths without the leading slash ("api/logout"); "/" for the home page.
  const route = pattern.startsWith('/') ? pattern : `/${pattern}`;
  if (WRITES_WHILE_SUSPENDED.has(route)) return next();
  const message = suspendedMessage(until);
  if (route.startsWith('/api/')) throw Response.json({ error: 'suspended', message }, { status: 403 });
  throw data({ message }, { status: 403 });
};
