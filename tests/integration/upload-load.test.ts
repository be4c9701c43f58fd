import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp } from '../support/app-process';
import { Browser, toastText } from '../support/browser';
import { tallPng } from '../support/image-fixtures';
import { processMemory, resetPeakMemory } from '../support/process-memory';
import { signInWithCode } from '../support/sign-in';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { readRow } from '../support/test-database';
import { testPhoto, uploadBuild } from '../support/uploads';
import { waitFor } from '../support/wait';

let app: AppProcess;
let sink: SmtpSink;
let tall: Buffer;
let counter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  // As the container runs it (Dockerfile): glibc's per-thread malloc arenas alone
  // add 50–130 MB to the first burst's peak, which is not the pipeline's doing.
  app = await startApp({ SMTP_URL: sink.url, TRUST_PROXY: 'true', MALLOC_ARENA_MAX: '2' });
  tall = await tallPng();
});
afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

function newBrowser() {
  counter += 1;
  return new Browser(app, `203.0.113.${counter}`);
}

function sendAhead(browser: Browser, bytes: Uint8Array<ArrayBuffer>, type = 'image/png') {
  const body = new FormData();
  body.set('image', new Blob([bytes], { type }), 'upload');
  return browser.request('/api/uploads/temp', { method: 'POST', body, headers: { Origin: app.origin } });
}

/** An answer is either the upload stored or a refusal the client can act on: JSON, a message, and when to try again. */
async function expectStoredOrRefused(response: Response): Promise<void> {
  if (response.status === 201) return;
  expect([429, 503]).toContain(response.status);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({ error: response.status === 429 ? 'rate_limited' : 'unavailable', message: expect.stringMatching(/try again/i) });
}

describe('very tall uploads at once', () => {
  it('keep the server under 300 MB over idle: each is stored or refused, and the server stays up', async () => {
    const pid = app.child.pid!;
    // libvips starts its threads and caches on the first image: that belongs to idle.
    expect((await sendAhead(newBrowser(), new Uint8Array(await testPhoto('png', 640, 480)))).status).toBe(201);
    const idle = await processMemory(pid);
    await resetPeakMemory(pid);

    const bytes = new Uint8Array(tall);
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendAhead(newBrowser(), bytes)));
    for (const answer of answers) await expectStoredOrRefused(answer);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);

    const { peakMb } = await processMemory(pid);
    expect(peakMb - idle.rssMb).toBeLessThan(300);
    expect((await app.fetch('/healthz')).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  }, 120_000);
});

describe('uploads from one network address', () => {
  it('are processed two at a time: a third is refused with 429 and the wait, on the JSON API, POST /api/builds and the form', async () => {
    counter += 1;
    const address = `203.0.113.${counter}`;
    const guest = new Browser(app, address);
    const member = new Browser(app, address);
    await signInWithCode(member, sink, `neighbour-${Date.now()}@example.com`);

    const small = new Uint8Array(await testPhoto('png', 320, 240));
    const holders = [sendAhead(guest, new Uint8Array(tall)), sendAhead(guest, new Uint8Array(tall))];
    // Once both are counted against the address they are in the pipeline, where a 40-megapixel
    // PNG stays far longer than the three requests below take.
    const counted = () =>
      readRow<{ hits: number }>(app.databasePath, "select count(*) as hits from rate_limit_hits where bucket = 'upload:address' and key = ?", address).hits;
    await waitFor(() => counted() === 2);
    const [json, api, page] = await Promise.all([
      sendAhead(guest, small),
      (async () => {
        const body = new FormData();
        body.set('title', 'Same router');
        body.set('image', new Blob([small], { type: 'image/png' }), 'rig.png');
        return member.request('/api/builds', { method: 'POST', body });
      })(),
      uploadBuild(member, { title: 'Same router', file: { bytes: small, name: 'rig.png', type: 'image/png' } }),
    ]);
    const waitMessage = 'Another upload from your network is still being processed. Try again when it has finished.';
    for (const refused of [json, api]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ error: 'rate_limited', message: waitMessage });
    }
    expect(page.status).toBe(429);
    expect(Number(page.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(toastText(page.html)).toContain(waitMessage);

    for (const holder of holders) expect((await holder).status).toBe(201);
    // Once they are done, the address uploads again.
    expect((await sendAhead(guest, small)).status).toBe(201);
  }, 60_000);
});

describe('many large upload bodies at once', () => {
  it('are read a few at a time, the rest held back by their connections: the server stays under 400 MB over idle', async () => {
    // A server of its own, so no earlier test's memory is there to be reused.
    const fresh = await startApp({ TRUST_PROXY: 'true', MALLOC_ARENA_MAX: '2' });
    try {
      const pid = fresh.child.pid!;
      const send = (index: number, bytes: Uint8Array<ArrayBuffer>) => {
        const body = new FormData();
        body.set('image', new Blob([bytes], { type: 'image/png' }), 'upload.png');
        return new Browser(fresh, `198.18.${Math.floor(index / 250)}.${index % 250}`).request('/api/uploads/temp', {
          method: 'POST',
          body,
          headers: { Origin: fresh.origin },
        });
      };
      expect((await send(0, new Uint8Array(await testPhoto('png', 640, 480)))).status).toBe(201);
      const idle = await processMemory(pid);
      await resetPeakMemory(pid);

      // Sixty bodies just under the 10 MB limit: 600 MB if every one were buffered at once.
      const junk = new Uint8Array(10 * 1024 * 1024 - 4096).fill(7);
      const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => send(index + 1, junk)));
      for (const answer of answers) expect(await answer.json()).toEqual({ error: 'invalid_input', message: 'File type must be an image' });

      const { peakMb } = await processMemory(pid);
      expect(peakMb - idle.rssMb).toBeLessThan(400);
    } finally {
      await fresh.stop();
    }
  }, 120_000);
});
