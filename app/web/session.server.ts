import { createContext, data, type MiddlewareFunction, redirect } from 'react-router';
import { z } from 'zod';
import { clientAddressOf } from './client-address.server';
import { createSession, deleteSession, findActiveSession, renewSession } from '~/models/sessions.server';
import { isStaff } from '~/domain/permissions';
import type { CurrentUser } from '~/domain/users';
import { isGeneratedUsername } from '~/domain/usernames';
import { ADMIN_ACCESS_DENIED, SESSION_TTL_MS } from '~/utils/constants';
import { safeRedirect } from '~/utils/redirects';
import { randomToken, sha256 } from '~/services/crypto.server';
import { appCookie, appCookiesOf, carriesSignedAppCookie, withoutCookie } from './cookies.server';
import { isPrimary } from '~/services/primary.server';
import { DAY_MS } from '~/utils/dates';

const SESSION_COOKIE = 'rr_session';
/** A session is renewed (its 30 days restarted) at most once a day. */
const RENEW_AFTER_MS = DAY_MS;

// Holds only the session id, signed; everything else stays in the sessions table.
const sessionCookie = appCookie(SESSION_COOKIE, { maxAge: SESSION_TTL_MS / 1000 });

async function readSessionId(cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(cookieHeader);
  return typeof value === 'string' && value.length > 20 ? value : null;
}

/**
 * Whose page a request with this Cookie header asks for (server/page-cache.ts):
 * `null` without a cookie the site signed (every signed-out visitor sees the same);
 * else the site's cookies as sent, which are all a page reads of its visitor; and
 * `undefined`, never kept, once the session cookie names a session that is over
 * (its page clears the cookie). Asked on every request, so a kept page is never
 * served after its session ended.
 */
export function pageOwner(cookieHeader: string): string | null | undefined | Promise<string | null | undefined> {
  const signed = carriesSignedAppCookie(cookieHeader);
  if (signed === false) return null;
  return (async () => {
    if (!(await signed)) return null;
    const sessionId = await readSessionId(cookieHeader);
    if (sessionId && !findActiveSession(sessionId)) return undefined;
    return appCookiesOf(cookieHeader);
  })();
}

/**
 * A session cookie the site signed whose session is over: its visitor is a guest.
 * Answers with the Cookie header without it, for everything after to read, and the
 * Set-Cookie that clears it; null (at once when the header has no session cookie) otherwise.
 */
export function endedSession(cookieHeader: string): null | Promise<{ cookieHeader: string; clear: string } | null> {
  if (!cookieHeader.includes(SESSION_COOKIE)) return null;
  return (async () => {
    const sessionId = await readSessionId(cookieHeader);
    if (!sessionId || findActiveSession(sessionId)) return null;
    return { cookieHeader: withoutCookie(cookieHeader, SESSION_COOKIE), clear: await sessionCookie().serialize('', { maxAge: 0 }) };
  })();
}

/** Whether a response sets the session cookie itself (a sign-in, a sign-out, a renewal). */
export function setsSessionCookie(setCookies: readonly string[]): boolean {
  return setCookies.some((value) => value.startsWith(`${SESSION_COOKIE}=`));
}

type SessionState = { sessionId: string; user: CurrentUser; expiresAt: Date } | null;

export const sessionContext = createContext<SessionState>(null);

/**
 * Loads the signed-in member once per request. A disabled member's or an expired
 * session is simply not found, so it stops working at once. An active session is
 * renewed at most daily, on the primary only: the one write a page view may do.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const sessionId = await readSessionId(request.headers.get('Cookie'));
  const active = sessionId ? findActiveSession(sessionId) : null;
  context.set(sessionContext, sessionId && active ? { sessionId, ...active } : null);

  const response = await next();
  if (setsSessionCookie(response.headers.getSetCookie()) || !sessionId) return response;
  if (!active) {
    response.headers.append('Set-Cookie', await sessionCookie().serialize('', { maxAge: 0 }));
  } else if (active.expiresAt.getTime() - Date.now() < SESSION_TTL_MS - RENEW_AFTER_MS && (await isPrimary())) {
    renewSession(sessionId);
    response.headers.append('Set-Cookie', await sessionCookie().serialize(sessionId));
  }
  return response;
};

type ContextArgs = { context: { get: (key: typeof sessionContext) => SessionState } };

export function currentUser({ context }: ContextArgs): CurrentUser | null {
  return context.get(sessionContext)?.user ?? null;
}

export function currentSessionId({ context }: ContextArgs): string | null {
  return context.get(sessionContext)?.sessionId ?? null;
}

/** The signed-in member, or a redirect to /auth that comes back here afterwards. */
export function requireUser(args: ContextArgs & { url: URL }): CurrentUser {
  const user = currentUser(args);
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(args.url.pathname + args.url.search)}`);
  return user;
}

function forbidden(): never {
  throw data({ message: ADMIN_ACCESS_DENIED }, { status: 403 });
}

/** An admin; a guest goes to /auth and back, a member gets 403. */
export function requireAdmin(args: ContextArgs & { url: URL }): CurrentUser {
  const user = requireUser(args);
  if (!user.isAdmin) forbidden();
  return user;
}

/** An admin or a moderator (the moderation queue); a guest goes to /auth and back, a member gets 403. */
export function requireStaff(args: ContextArgs & { url: URL }): CurrentUser {
  const user = requireUser(args);
  if (!isStaff(user)) forbidden();
  return user;
}

/** For pages only signed-out visitors need (/auth): a member goes on to `redirectTo` or home. */
export function requireAnonymous(args: ContextArgs & { url: URL }): void {
  if (currentUser(args)) throw redirect(safeRedirect(args.url.searchParams.get('redirectTo')));
}

/** Starts a session for `userId`; returns the Set-Cookie header value. */
export async function startSession(request: Request, userId: number): Promise<string> {
  const sessionId = randomToken();
  createSession({
    sessionId,
    userId,
    userAgent: request.headers.get('User-Agent'),
    ip: clientAddressOf(request),
  });
  return sessionCookie().serialize(sessionId);
}

/** Ends the request's session; returns the Set-Cookie header value that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request.headers.get('Cookie'));
  if (sessionId) deleteSession(sessionId);
  return sessionCookie().serialize('', { maxAge: 0 });
}

// Remembers, for the browser session, which sign-in was already asked to choose a
// username: a cookie rather than a database write, since pages only read.
const usernamePromptCookie = appCookie('rr_username_prompt');

// A name the dialog could not save, and why: carried across the redirect back to
// the page it was sent from, so the dialog opens there again with the message
// under the field, with or without JavaScript.
const usernameRetrySchema = z.object({ username: z.string(), error: z.string() });
export type UsernameRetry = z.infer<typeof usernameRetrySchema>;
const usernameRetryCookie = appCookie('rr_username_retry', { maxAge: 60 });

/** The answer to a "Choose your username" save that was refused: back to `url`, the dialog open again. */
export async function redirectToUsernameRetry(url: string, { username, error }: UsernameRetry): Promise<Response> {
  // The field takes 30 characters; a longer post is cut so the cookie stays small.
  const retry = { username: username.slice(0, 100), error } satisfies UsernameRetry;
  return redirect(url, { headers: { 'Set-Cookie': await usernameRetryCookie().serialize(retry) } });
}

/**
 * Whether to show "Choose your username" now: once per session, to members whose
 * name was generated, and again right after the dialog's save was refused (with
 * what was typed and why). Returns the cookies that mark it shown.
 */
export async function usernamePrompt(
  args: ContextArgs & { request: Request },
): Promise<{ show: boolean; retry: UsernameRetry | null; setCookies: string[] }> {
  const cookieHeader = args.request.headers.get('Cookie');
  const retry: unknown = await usernameRetryCookie().parse(cookieHeader);
  const pendingRetry = retry === null ? null : usernameRetrySchema.safeParse(retry);
  const setCookies = pendingRetry ? [await usernameRetryCookie().serialize('', { maxAge: 0 })] : [];
  const state = args.context.get(sessionContext);
  if (!state || !isGeneratedUsername(state.user.username)) return { show: false, retry: null, setCookies };
  if (pendingRetry?.success) return { show: true, retry: pendingRetry.data, setCookies };
  const marker = sha256(state.sessionId).slice(0, 16);
  const seen: unknown = await usernamePromptCookie().parse(cookieHeader);
  if (seen === marker) return { show: false, retry: null, setCookies };
  return { show: true, retry: null, setCookies: [...setCookies, await usernamePromptCookie().serialize(marker)] };
}
