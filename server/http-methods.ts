/** Methods that change nothing (GET never writes; HEAD and OPTIONS only ask). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET or HEAD: a request for a page or a file, which only reads. */
export function asksForPage(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
