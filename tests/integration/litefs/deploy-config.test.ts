import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type LiteFsNode, liteFsMount, liteFsUnavailable } from '#tests/support/litefs-cluster';
import { waitFor } from '#tests/support/wait';

const unavailable = liteFsUnavailable();
if (unavailable && process.env.CI) throw new Error(unavailable);
if (unavailable) console.warn(`Skipped. ${unavailable}`);

const root = resolve(import.meta.dirname, '../../..');
let node: LiteFsNode | undefined;
let base: string;

afterEach(async () => {
  await node?.stop();
  node = undefined;
  rmSync(base, { recursive: true, force: true });
});

/**
 * Runs the real LiteFS binary on one of our deploy configs, with its folders
 * moved into a temporary one and its HTTP API on a free port, and waits until
 * the app its `exec` starts answers /healthz through the mount. The image's
 * `run-as-node.sh` prefix is left out: this machine has no `node` user to drop to.
 */
async function runConfig(file: string, { lease, env = {} }: { lease?: string; env?: Record<string, string> }) {
  base = mkdtempSync(join(tmpdir(), 'rigroast-litefs-config-'));
  const fuseDir = join(base, 'fuse');
  mkdirSync(fuseDir);
  const [litefsPort, appPort] = [await freePort(), await freePort()];
  let config = readFileSync(join(root, file), 'utf8')
    .replaceAll("'/data/litefs'", `'${join(base, 'data')}'`)
    .replaceAll("'/litefs'", `'${fuseDir}'`)
    .replaceAll("':20202'", `'127.0.0.1:${litefsPort}'`)
    .replaceAll(':20202', `:${litefsPort}`)
    .replace('/app/scripts/run-as-node.sh ', '')
    .replace('build/server/index.js', join(root, 'build/server/index.js'));
  if (lease) config = `${config.slice(0, config.indexOf('\nlease:'))}\n${lease}\n`;
  if (!config.includes('\nhttp:')) config += `http:\n  addr: '127.0.0.1:${litefsPort}'\n`;
  const configFile = join(base, 'litefs.yml');
  writeFileSync(configFile, config);
  node = liteFsMount({
    name: file,
    config: configFile,
    fuseDir,
    infoUrl: `http://127.0.0.1:${litefsPort}/info`,
    cwd: base,
    env: {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      LITEFS_DIR: fuseDir,
      DATABASE_PATH: join(fuseDir, 'sqlite.db'),
      LITEFS_INFO_URL: `http://127.0.0.1:${litefsPort}/info`,
      UPLOADS_DIR: join(base, 'uploads'),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      SCREENING: 'off',
      ROAST_PROVIDER: 'builtin',
      ...env,
    },
  });
  await node.start();
  const health = await waitFor(
    () =>
      fetch(`http://127.0.0.1:${appPort}/healthz`).then(
        (response) => (response.ok ? response : undefined),
        () => undefined,
      ),
    {
      timeoutMs: 20_000,
    },
  );
  expect(await health.json()).toMatchObject({ ok: true });
  expect(node.output()).toContain('primary lease acquired');
}

describe.skipIf(unavailable)('the deploy configs, run with the real LiteFS binary', () => {
  it("litefs.yml (Fly.io) parses and its exec starts the app on the mount (Consul's lease swapped for a static one: this binary has no Consul)", async () => {
    await runConfig('litefs.yml', {
      lease: "lease:\n  type: 'static'\n  candidate: true\n  hostname: 'node-a'\n  advertise-url: 'http://127.0.0.1:1'",
    });
  });

  it('litefs.static.yml (docker-compose.yml) parses and its exec starts the app as the primary', async () => {
    await runConfig('litefs.static.yml', { env: { LITEFS_CANDIDATE: 'true', LITEFS_PRIMARY: '127.0.0.1' } });
  });
});
