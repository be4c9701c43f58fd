import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, pageText, toastText } from '#tests/support/browser';
import { type Container, PROJECT_ROOT, startContainer } from '#tests/support/container';
import { freePort } from '#tests/support/litefs-cluster';
import { signInWithCode } from '#tests/support/sign-in';
import { type SmtpSink, startSmtpSink } from '#tests/support/smtp-sink';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';

// Two containers of the image under LiteFS with litefs.static.yml, as docker-compose.yml
// runs them: node A the static primary, node B its replica. On one host's network the
// two LiteFS APIs need two ports: each node mounts a copy of litefs.static.yml that
// differs only in them.

const PHOTO_URL = /\/uploads\/images\/[0-9a-f]{64}\.(?:avif|webp|jpg)/;

let sink: SmtpSink;
let configDir: string;
let primary: Container;
let replica: Container;
let rater: Browser;
let buildId: number;

/** litefs.static.yml with this node's LiteFS port, and the primary's in its advertised URL. */
function staticConfig(ownPort: number, primaryPort: number): string {
  const config = readFileSync(join(PROJECT_ROOT, 'litefs.static.yml'), 'utf8');
  const copy = config
    .replace("addr: ':20202'", `addr: ':${ownPort}'`)
    .replace('${LITEFS_PRIMARY}:20202', `\${LITEFS_PRIMARY}:${primaryPort}`);
  expect(copy.match(new RegExp(`:${ownPort}'`, 'g')), 'litefs.static.yml names port 20202 in http.addr and advertise-url').toHaveLength(
    ownPort === primaryPort ? 2 : 1,
  );
  return copy;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  configDir = mkdtempSync(join(tmpdir(), 'rigroast-litefs-config-'));
  const [appA, appB, liteFsA, liteFsB] = [await freePort(), await freePort(), await freePort(), await freePort()];
  writeFileSync(join(configDir, 'a.yml'), staticConfig(liteFsA, liteFsA));
  writeFileSync(join(configDir, 'b.yml'), staticConfig(liteFsB, liteFsA));
  const node = (name: 'a' | 'b', env: Record<string, string>) =>
    startContainer({
      env: {
        LITEFS_DIR: '/litefs',
        DATABASE_PATH: '/litefs/sqlite.db',
        LITEFS_PRIMARY: '127.0.0.1',
        SMTP_URL: sink.url,
        TRUST_PROXY: 'true',
        SCREENING: 'off',
        ROAST_PROVIDER: 'builtin',
        JOB_POLL_MS: '100',
        ...env,
      },
      volumes: [`${join(configDir, `${name}.yml`)}:/etc/litefs.yml:ro`],
      options: ['--device', '/dev/fuse', '--cap-add', 'SYS_ADMIN'],
    });
  primary = await node('a', { PORT: String(appA), LITEFS_CANDIDATE: 'true', LITEFS_INFO_URL: `http://127.0.0.1:${liteFsA}/info` });
  replica = await node('b', {
    PORT: String(appB),
    LITEFS_CANDIDATE: 'false',
    LITEFS_INFO_URL: `http://127.0.0.1:${liteFsB}/info`,
    PRIMARY_APP_URL: `http://127.0.0.1:${appA}`,
  });
});

afterAll(async () => {
  await Promise.all([replica?.remove(), primary?.remove(), sink?.stop()]);
  rmSync(configDir, { recursive: true, force: true });
});

describe('two containers under LiteFS (static lease)', () => {
  it('signs in, uploads and rates through the replica; both serve the build and its photo', async () => {
    const owner = new Browser(replica, '203.0.113.10');
    await signInWithCode(owner, sink, 'owner@example.com');
    const uploaded = await uploadBuild(owner, {
      title: 'Replicated rig',
      file: { bytes: await testPhoto('jpeg'), name: 'rig.jpg', type: 'image/jpeg' },
    });
    expect(uploaded.url).toMatch(/^\/build\/\d+$/);
    buildId = Number(uploaded.url.split('/').pop());

    rater = new Browser(replica, '203.0.113.11');
    await signInWithCode(rater, sink, 'rater@example.com');
    const rated = await rater.post(`/build/${buildId}`, { intent: 'rate', rating: '4' });
    expect(toastText(rated.html)).toContain('Rating submitted');
    expect(pageText(rated.html)).toContain('You rated this build 4 stars.');

    for (const node of [primary, replica]) {
      const page = await new Browser(node).get(`/build/${buildId}`);
      expect(page.status, node.name).toBe(200);
      expect(pageText(page.html)).toContain('Replicated rig');
      const photo = await node.fetch(PHOTO_URL.exec(page.html)![0]);
      expect(photo.status, node.name).toBe(200);
      expect(photo.headers.get('content-type')).toMatch(/^image\//);
    }
  });

  it('answers writes on the replica 503 while the primary is stopped, and takes them again once it is back', async () => {
    expect((await primary.stop()).exitCode).toBe(0);
    const refused = await rater.post(`/build/${buildId}`, { intent: 'comment', form: 'comment-new', content: 'Lost?' });
    expect(refused.status).toBe(503);
    expect((await new Browser(replica).get(`/build/${buildId}`)).status).toBe(200);

    await primary.restart();
    const saved = await waitFor(
      async () => {
        const page = await rater.post(`/build/${buildId}`, { intent: 'comment', form: 'comment-new', content: 'Back again' });
        return page.status === 200 ? page : null;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(pageText(saved.html)).toContain('Back again');
    expect(pageText(saved.html)).not.toContain('Lost?');
  });
});
