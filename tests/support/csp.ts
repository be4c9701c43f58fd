import { createHash } from 'node:crypto';

/**
 * The inline scripts of `html` whose SHA-256 the Content-Security-Policy `csp` does
 * not list: none for a document allowed by hash. Written apart from the server's
 * hashing, so the two cannot share a mistake.
 */
export function scriptsNotAllowedByHash(html: string, csp: string): string[] {
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  if (inline.length === 0) throw new Error('The document has no inline script to check');
  return inline.filter((script) => !csp.includes(`'sha256-${createHash('sha256').update(script).digest('base64')}'`));
}
