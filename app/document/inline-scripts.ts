import { createHash } from 'node:crypto';

const OPEN = Buffer.from('<script');
const CLOSE = Buffer.from('</script>');
const WORD_BYTE = /[\w]/;

/**
 * Base64 SHA-256 of every inline script of `html`, as CSP hash sources want them.
 * Read from the bytes, with no string made of the whole page: a member's page is
 * hashed on every render (server/page-cache.ts keeps it). React writes its tags in lower
 * case and escapes "</script" inside the scripts it writes, so the first closing
 * tag ends each one; a script this misses is blocked by the policy, never let through.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (let at = html.indexOf(OPEN); at !== -1; at = html.indexOf(OPEN, at + 1)) {
    const next = html[at + OPEN.length];
    if (next === undefined || WORD_BYTE.test(String.fromCharCode(next))) continue;
    const tagEnd = html.indexOf('>', at);
    const bodyEnd = tagEnd === -1 ? -1 : html.indexOf(CLOSE, tagEnd);
    if (bodyEnd === -1) break;
    const external = /\ssrc\s*=/i.test(html.toString('latin1', at, tagEnd));
    if (!external && bodyEnd > tagEnd + 1)
      hashes.add(
        createHash('sha256')
          .update(html.subarray(tagEnd + 1, bodyEnd))
          .digest('base64'),
      );
    at = bodyEnd;
  }
  return [...hashes];
}
