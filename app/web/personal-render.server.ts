import { AsyncLocalStorage } from 'node:async_hooks';

/** What one render read of its visitor. */
export type RenderReading = { personal: boolean };

const reading = new AsyncLocalStorage<RenderReading>();

/**
 * Runs one request's render, noting whether it read anything of its visitor's
 * own (a cookie the site signed: the session, a toast, a sign-in under way).
 * Who a page belongs to is decided from this, what the render really read, not
 * from a second look at the request's headers.
 */
export function readingFor<T>(render: RenderReading, work: () => T): T {
  return reading.run(render, work);
}

/** Called by every reader of the site's cookies when it finds a value the site signed. */
export function markPersonal(): void {
  const render = reading.getStore();
  if (render) render.personal = true;
}
