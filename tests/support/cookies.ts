import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCookie } from 'react-router';
import type { AppProcess } from './app-process';

/**
 * A session cookie signed with `secret` (the server's SESSION_SECRET) for a session
 * that is over (none by that id): its visitor's pages are rendered for them, with the
 * cookie cleared, never taken from the page cache. A made-up value would not do: it
 * is no cookie of the site's.
 */
export async function endedSessionCookieFor(secret: string): Promise<string> {
  const cookie = await createCookie('rr_session', { secrets: [secret] }).serialize('a-session-that-has-ended-long-ago');
  return cookie.split(';')[0]!;
}

/** endedSessionCookieFor the secret `app` made for itself in its data folder. */
export function endedSessionCookie(app: AppProcess): Promise<string> {
  return endedSessionCookieFor(readFileSync(join(app.dataDir, 'data', '.session-secret'), 'utf8').trim());
}
