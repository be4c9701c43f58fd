/**
 * Marks the body stream's error when the server refused the body (413, 408, 429,
 * 503) and answered for it (server/body-limit.ts): whoever was reading the body
 * gets this error, never a body cut short.
 */
export class BodyRefusedError extends Error {
  override name = 'BodyRefusedError';
}

/** Whether `error` comes from a body the server refused: the client has its answer, nothing failed here. */
export function isBodyRefused(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof BodyRefusedError) return true;
  return false;
}
