import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCookie } from 'react-router';
import type { AppProcess } from './app-process';

/**
 * A session cookie signed with `secret` (the server's SESSION_SECRET) for a session
 * that is over (none by that id): its visitor is a guest, served everyone's page with
 * the cookie cleared. A made-up value would not do: it is no cookie of the site's.
 */
export function endedSessionCookieFor(secret: string): Promise<string> {
  return signedCookie(secret, 'rr_session', 'a-session-that-has-ended-long-ago');
}

/** `name=value` signed with `secret`, as the browser sends back a cookie the site set. */
async function signedCookie(secret: string, name: string, value: string): Promise<string> {
  const cookie = await createCookie(name, { secrets: [secret] }).serialize(value);
  return cookie.split(';')[0]!;
}

const secretOf = (app: AppProcess) => readFileSync(join(app.dataDir, 'data', '.session-secret'), 'utf8').trim();

/** endedSessionCookieFor the secret `app` made for itself in its data folder. */
export function endedSessionCookie(app: AppProcess): Promise<string> {
  return endedSessionCookieFor(secretOf(app));
}

let visitors = 0;

/**
 * A cookie `app` signed, different at each call (a pending upload that names none,
 * which no page shows): its visitor's pages are their own, rendered for them the
 * first time they ask, never anyone else's.
 */
export function visitorCookie(app: AppProcess): Promise<string> {
  return signedCookie(secretOf(app), 'rr_pending_upload', `no-such-upload-${++visitors}`);
}
