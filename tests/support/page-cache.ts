import { expect } from 'vitest';
import type { AppProcess } from './app-process';
import { backgroundSettled } from './background';

/**
 * The page from the page cache, which stores a page a moment after first sending it: asked
 * again until it comes from there (a write meanwhile, a background job's, has it rendered anew).
 */
export async function storedPage(app: AppProcess, path: string, headers: Record<string, string> = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await app.fetch(path, { headers });
    if (response.headers.get('x-page-cache') === 'hit' || attempt === 80) {
      expect(response.headers.get('x-page-cache'), path).toBe('hit');
      return response;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The second of two answers to `path` asked in a row, while the data stays the same: `kept`,
 * a page the cache stores, comes from the cache before and after (a write in between would
 * have a stored page rendered again, and prove nothing). It starts once the jobs the test's
 * writes queued are done and none is due for a few seconds: theirs are such writes.
 */
export async function askedTwice(app: AppProcess, path: string, kept: string): Promise<Response> {
  await backgroundSettled(app.databasePath, 3000);
  await storedPage(app, kept);
  await (await app.fetch(path)).text();
  const again = await app.fetch(path);
  expect((await app.fetch(kept)).headers.get('x-page-cache'), `${kept} after ${path}`).toBe('hit');
  return again;
}
