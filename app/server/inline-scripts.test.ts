import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe('inlineScriptHashes', () => {
  it('hashes each distinct inline script body and skips external and empty ones', () => {
    const html = `<head><script>window.a = 1;</script><script type="module" src="/assets/x.js"></script></head>
      <body><script type="module">import("/assets/y.js");\n</script><script>window.a = 1;</script><script></script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = 1;'), sha('import("/assets/y.js");\n')]);
  });

  it('hashes the exact UTF-8 bytes, so a changed character changes the hash', () => {
    expect(inlineScriptHashes('<script>"é"</script>')).toEqual([sha('"é"')]);
    expect(inlineScriptHashes('<script>"e"</script>')).not.toEqual([sha('"é"')]);
  });
});
