import type { Request, Response } from 'express';
import { toastHeader } from '~/web/toast.server';

export const UNAVAILABLE_MESSAGE = 'RigRoast cannot save changes right now. Nothing was saved: please try again in a moment.';

/** Seconds a client is asked to wait: a primary restarting is back within a few. */
const RETRY_AFTER_SECONDS = 5;

// Self-contained (no stylesheet to fetch from a site that is half there), in the site's colours.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Try again in a moment · RigRoast</title><style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#06070d;color:#eef1ff;font:1rem/1.6 system-ui,sans-serif}
main{max-width:28rem;margin:1.5rem;padding:2rem;border:1px solid #262c47;border-radius:1rem;background:#0e111d;text-align:center}
h1{margin:0 0 .75rem;font-size:1.75rem;line-height:1.2}p{margin:0 0 1.25rem;color:#a3abcf}
a{display:inline-block;padding:.6rem 1.2rem;border-radius:.6rem;background:#2ee6ff;color:#06070d;font-weight:700;text-decoration:none}
a:focus-visible{outline:2px solid #eef1ff;outline-offset:3px}</style></head>
<body><main><h1>Try again in a moment</h1><p>${UNAVAILABLE_MESSAGE}</p><a href="/">Back to RigRoast</a></main></body></html>`;

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
  res.type('html').send(PAGE);
}
