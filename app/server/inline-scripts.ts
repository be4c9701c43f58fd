import { createHash } from 'node:crypto';

// React escapes "</script" inside the scripts it writes, so the first closing tag ends each one.
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** Base64 SHA-256 of every inline script of `html`, as CSP hash sources want them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
    if (body) hashes.add(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return [...hashes];
}
