import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe('inlineScriptHashes', () => {
  it('hashes each distinct inline script body and skips external and empty ones', () => {
    const html = `<head><script>window.a = 1;</script><script type="module" src="/assets/x.js"></script></head>
      <body><script type="module">import("/assets/y.js");\n</script><script>window.a = 1;</script><script></script></body>`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('window.a = 1;'), sha('import("/assets/y.js");\n')]);
  });

  it('hashes the exact UTF-8 bytes, so a changed character changes the hash', () => {
    expect(inlineScriptHashes(Buffer.from('<script>"é"</script>'))).toEqual([sha('"é"')]);
    expect(inlineScriptHashes(Buffer.from('<script>"e"</script>'))).not.toEqual([sha('"é"')]);
  });

  it('reads only script tags, with their attributes, and stops at an unclosed one', () => {
    const html = `<scripts>not one</scripts><script
type="module" nonce="">a()</script><noscript>b()</noscript>
      <script data-src="x">c()</script><script async src="/x.js"></script><script>d()`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('a()'), sha('c()')]);
  });
});
