// Run by `npm run build`: writes a brotli (quality 11) and a gzip (level 9) copy
// next to every text asset of the client build, once, so the server sends
// fingerprinted assets at their smallest without compressing them per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const assets = fileURLToPath(new URL('../build/client/assets', import.meta.url));
const TEXT = /\.(js|mjs|css|svg|json|txt)$/;

let before = 0;
let after = 0;
for (const name of (await readdir(assets)).filter((file) => TEXT.test(file))) {
  const path = join(assets, name);
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipped(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  before += gz.length;
  after += br.length;
}
console.log(`Compressed client assets: ${(after / 1024).toFixed(1)} KB brotli (gzip: ${(before / 1024).toFixed(1)} KB).`);
