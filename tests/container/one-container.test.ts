import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scene } from '../../scripts/seed-data';
import { Browser, pageText } from '#tests/support/browser';
import { appProcesses, type Container, runImage, SESSION_SECRET, startContainer } from '#tests/support/container';
import { type FakeOllama, SAMPLE_ROAST, startFakeOllama } from '#tests/support/fake-ollama';
import { signInWithCode } from '#tests/support/sign-in';
import { type SmtpSink, startSmtpSink } from '#tests/support/smtp-sink';
import { readRow } from '#tests/support/test-database';
import { uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';

// The image as the README's "One container" section runs it: one container, its
// data in /data, mail through SMTP_URL; screening on, as it is by default.

const FACE_API_DIR = dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
/** The photos whose verdicts app/roast/screening/screening.server.test.ts checks outside the image. */
const rigPhoto = async () =>
  sharp(Buffer.from(scene(0)))
    .resize(1080)
    .jpeg({ quality: 82 })
    .toBuffer();
const peoplePhoto = () => readFileSync(join(FACE_API_DIR, 'demo', 'sample1.jpg'));
/** Screening loads its models on the first upload: seconds on a busy machine. */
const SCREENED_WITHIN_MS = 60_000;
const PHOTO_URL = /\/uploads\/images\/[0-9a-f]{64}\.(?:avif|webp|jpg)/;

let sink: SmtpSink;
let fake: FakeOllama;
let site: Container;
let owner: Browser;
let rigId: number;
let rigPhotoUrl: string;

const reviewStatus = (id: number) =>
  readRow<{ review_status: string }>(site.databasePath, 'select review_status from builds where id = ?', id).review_status;

async function upload(title: string, bytes: Buffer) {
  const page = await uploadBuild(owner, { title, file: { bytes: new Uint8Array(bytes), name: 'rig.jpg', type: 'image/jpeg' } });
  expect(page.url).toMatch(/^\/build\/\d+$/);
  return Number(page.url.split('/').pop());
}

async function rssReport(label: string) {
  const processes = await appProcesses(site);
  console.log(
    `${label}: ${processes.map((process) => `${/build\/server\/(\S+)/.exec(process.command)?.[1]} ${Math.round(process.rssKb / 1024)} MB`).join(', ')}`,
  );
}

beforeAll(async () => {
  [sink, fake] = await Promise.all([startSmtpSink(), startFakeOllama()]);
  site = await startContainer({ env: { SMTP_URL: sink.url, ROAST_PROVIDER: 'builtin', JOB_POLL_MS: '100' } });
});

afterAll(async () => {
  await site?.remove();
  await Promise.all([sink?.stop(), fake?.close()]);
});

describe('one container', () => {
  it('answers /healthz and runs the app as uid 1000 with no capabilities', async () => {
    const health = await site.fetch('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    const processes = await appProcesses(site);
    expect(processes.map((process) => process.command)).toContainEqual(expect.stringContaining('build/server/index.js'));
    for (const process of processes) expect(process, process.command).toMatchObject({ uid: '1000', capEff: '0000000000000000' });
    await rssReport('RSS idle');
  });

  it('signs a member in by an e-mailed code; screens, lists and roasts an upload; serves its page and photo', async () => {
    owner = new Browser(site);
    const signedIn = await signInWithCode(owner, sink, 'owner@example.com');
    expect(signedIn.status).toBe(200);

    rigId = await upload('My RTX 4090 rig', await rigPhoto());
    const peopleId = await upload('Friends around my PC', peoplePhoto());
    // The verdicts the screening test finds outside the image, for the same photos.
    await waitFor(() => reviewStatus(rigId) === 'approved', { timeoutMs: SCREENED_WITHIN_MS, intervalMs: 200 });
    await waitFor(() => reviewStatus(peopleId) === 'held', { timeoutMs: SCREENED_WITHIN_MS, intervalMs: 200 });

    const visitor = new Browser(site);
    const shown = await waitFor(
      async () => {
        const page = await visitor.get(`/build/${rigId}`);
        return pageText(page.html).includes('Roasted by built-in roaster') ? page : null;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(shown.status).toBe(200);
    expect(pageText((await visitor.get('/gallery')).html)).toContain('My RTX 4090 rig');
    expect((await visitor.get(`/build/${peopleId}`)).status).toBe(404);

    rigPhotoUrl = PHOTO_URL.exec(shown.html)![0];
    const photo = await site.fetch(rigPhotoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1_000);

    // The screening process the server forked runs unprivileged too.
    const processes = await appProcesses(site);
    expect(processes.map((process) => process.command)).toContainEqual(expect.stringContaining('screening-worker.js'));
    for (const process of processes) expect(process, process.command).toMatchObject({ uid: '1000', capEff: '0000000000000000' });
    await rssReport('RSS after screening and roasting');
  });

  it('keeps the database, the photos and the sessions over a new container on the same volume; roasts through Ollama over HTTP', async () => {
    await site.remove({ keepData: true });
    site = await startContainer({
      dataDir: site.dataDir,
      env: {
        PORT: String(site.port),
        SMTP_URL: sink.url,
        ROAST_PROVIDER: 'ollama',
        OLLAMA_HOST: fake.url,
        SCREENING: 'off',
        JOB_POLL_MS: '100',
      },
    });

    const profile = await owner.get('/profile');
    expect(profile.url).toBe('/profile');
    expect(pageText((await owner.get(`/build/${rigId}`)).html)).toContain('My RTX 4090 rig');
    expect((await site.fetch(rigPhotoUrl)).status).toBe(200);

    const id = await upload('White Lightning', await rigPhoto());
    const shown = await waitFor(
      async () => {
        const page = await owner.get(`/build/${id}`);
        return pageText(page.html).includes('Roasted by qwen2.5vl:7b') ? page : null;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(shown.html).toContain(SAMPLE_ROAST.slice(0, 30).replaceAll("'", '&#x27;'));
    expect(fake.requests.some((request) => request.path === '/api/chat')).toBe(true);
    await rssReport('RSS after the image test');
  });

  it('stops cleanly within 10 s of `podman stop`', async () => {
    const { ms, exitCode } = await site.stop();
    expect(exitCode).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(await site.logs()).toContain('Stopped');
  });

  it('refuses to start in production without SMTP_URL, saying so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rigroast-container-'));
    try {
      const result = await runImage({ dataDir, env: { SESSION_SECRET, PORT: '1' }, timeoutMs: 30_000 });
      expect(result.status).not.toBe(0);
      expect(result.stdout + result.stderr).toContain('SMTP_URL is required when NODE_ENV=production');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
