import type { Request, Response } from 'express';
import { toastHeader } from '~/web/toast.server';
import { refusalPage } from '../refusal-page';

export const UNAVAILABLE_MESSAGE = 'RigRoast cannot save changes right now. Nothing was saved: please try again in a moment.';

/** Seconds a client is asked to wait: a primary restarting is back within a few. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The page a `.data` request (React Router's fetch of a page's data) belongs to:
 * `/build/7.data` → `/build/7`, `/_root.data` → `/`.
 */
function pageOf(dataPath: string): string {
  const page = dataPath.slice(0, -'.data'.length);
  return page === '/_root' ? '/' : page;
}

/**
 * 503 for a write that cannot reach the primary: JSON in the API's error shape
 * under /api/, else a small page (a form posted without JavaScript lands on it).
 * A form sent by JavaScript reads its answer in React Router's own encoding, in
 * which a page would show as a crash: it is told to load its page again (a replica
 * serves pages), with the message as a toast.
 */
export async function answerUnavailable(req: Request, res: Response): Promise<void> {
  if (req.path.endsWith('.data')) {
    const toast = await toastHeader({ kind: 'error', title: 'Try again in a moment', description: UNAVAILABLE_MESSAGE });
    res
      .status(204)
      .set({
        'X-Remix-Redirect': pageOf(req.path),
        'X-Remix-Status': '303',
        'X-Remix-Reload-Document': 'true',
        'Cache-Control': 'no-store',
      })
      .append('Set-Cookie', toast)
      .end();
    return;
  }
  res.status(503).set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
  if (req.path.startsWith('/api/')) {
    res.json({ error: 'unavailable', message: UNAVAILABLE_MESSAGE });
    return;
  }
  res
    .type('html')
    .send(refusalPage({ title: 'Try again in a moment', message: UNAVAILABLE_MESSAGE, link: { href: '/', text: 'Back to RigRoast' } }));
}
