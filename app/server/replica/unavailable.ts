import type { Request, Response } from 'express';

export const UNAVAILABLE_MESSAGE = 'RigRoast cannot save changes right now. Nothing was saved: please try again in a moment.';

/** Seconds a client is asked to wait: a primary restarting is back within a few. */
const RETRY_AFTER_SECONDS = 5;

/**
 * 503 for a write that cannot reach the primary: JSON in the API's error shape
 * under /api/, else a small page (a form posted without JavaScript lands on it).
 */
export function answerUnavailable(req: Request, res: Response): void {
  res.status(503).set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
  if (req.path.startsWith('/api/')) {
    res.json({ error: 'unavailable', message: UNAVAILABLE_MESSAGE });
    return;
  }
  res
    .type('html')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>Try again in a moment · RigRoast</title></head><body><main><h1>Try again in a moment</h1>' +
        `<p>${UNAVAILABLE_MESSAGE}</p><p><a href="/">Back to RigRoast</a></p></main></body></html>`,
    );
}
