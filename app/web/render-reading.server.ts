import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one render found: whether it read anything of its visitor's own, and whether
 * what it was asked for names nothing that exists.
 */
export type RenderReading = { personal: boolean; namesNothing: boolean };

const reading = new AsyncLocalStorage<RenderReading>();

/**
 * Runs one request's render, noting what it finds (see RenderReading). Who a page
 * belongs to, and whether it may be stored, is decided from this, what the render
 * really read and looked up, not from a second look at the request.
 */
export function readingFor<T>(render: RenderReading, work: () => T): T {
  return reading.run(render, work);
}

/** Called by every reader of the site's cookies when it finds a value the site signed. */
export function markPersonal(): void {
  const render = reading.getStore();
  if (render) render.personal = true;
}

/**
 * Called by a loader whose parameters name nothing that exists (a build to page on
 * from that is none of the list's, a search no build matches, a comment that is not
 * there): its page is sent but never stored, so made-up values cannot fill a cache.
 */
export function markNamesNothing(): void {
  const render = reading.getStore();
  if (render) render.namesNothing = true;
}
