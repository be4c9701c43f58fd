import { data, type MiddlewareFunction } from 'react-router';
import { suspensionNotice } from '~/models/member-moderation.server';
import { STANDING_PATH } from '~/domain/member-moderation';
import { suspensionRefusal } from '~/utils/suspension';
import { sessionContext } from './session.server';

/**
 * The writes a suspended member may still make, by the route pattern they reach
 * (routes.ts): signing in and out and the e-mailed account links, acknowledging a
 * warning, marking notifications read, asking a moderator to look again (an appeal,
 * which only staff read), their mail switches through the API or a mail's one-click
 * link, and deleting their account. Nothing here puts anything in front of other members.
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
  '/standing',
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
  '/api/user/appeals',
  '/api/user/deletion-code',
  '/api/user/delete',
]);

/**
 * Forms that share one page's action, allowed while suspended by their intent: a member
 * keeps their mail switches, their password and their data (taking it, deleting the
 * account) whatever their standing.
 */
export const INTENTS_WHILE_SUSPENDED: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['/profile', new Set(['email-preferences', 'password-link', 'deletion-code', 'delete-account'])],
]);

const READS = new Set(['GET', 'HEAD']);

/** Whether this post is one of its page's forms allowed while suspended; reads a copy of a plain form's body. */
async function allowedIntent(route: string, request: Request): Promise<boolean> {
  const intents = INTENTS_WHILE_SUSPENDED.get(route);
  if (!intents || !request.headers.get('Content-Type')?.startsWith('application/x-www-form-urlencoded')) return false;
  const intent = (await request.clone().formData()).get('intent');
  return typeof intent === 'string' && intents.has(intent);
}

/**
 * Refuses every other write of a suspended member, pages' actions and the JSON API
 * alike, before any route's action runs: one guard in front of them all, as the
 * session lookup is for disabled members, so a new write path is covered the day it
 * is added. A page's post gets the error page with the message, the reason and the way
 * to appeal (the forms are not offered meanwhile), an API call `{ error: 'suspended',
 * message }`; both 403.
 */
export const suspensionGuard: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const notice = READS.has(request.method) ? null : suspensionNotice(context.get(sessionContext)?.user ?? null);
  if (!notice) return next();
  // The router joins the matched routes' paths without the leading slash ("api/logout"); "/" for the home page.
  const route = pattern.startsWith('/') ? pattern : `/${pattern}`;
  if (WRITES_WHILE_SUSPENDED.has(route) || (await allowedIntent(route, request))) return next();
  const message = suspensionRefusal(notice.until, notice.reason);
  if (route.startsWith('/api/')) {
    throw Response.json(
      { error: 'suspended', message: `${message} To ask a moderator to look again: POST /api/user/appeals.` },
      { status: 403 },
    );
  }
  throw data({ message, link: { href: STANDING_PATH, label: 'Ask a moderator to look again' } }, { status: 403 });
};
