import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCookie } from 'react-router';
import type { AppProcess } from './app-process';

/**
 * A session cookie `app` signed for a session that is over (none by that id): its
 * visitor's pages are rendered for them, with the cookie cleared, never taken from
 * the page cache. A made-up value would not do: it is no cookie of the site's.
 */
export async function endedSessionCookie(app: AppProcess): Promise<string> {
  const secret = readFileSync(join(app.dataDir, 'data', '.session-secret'), 'utf8').trim();
  const cookie = await createCookie('rr_session', { secrets: [secret] }).serialize('a-session-that-has-ended-long-ago');
  return cookie.split(';')[0]!;
}
