import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp } from '../support/app-process';
import { Browser, toastText } from '../support/browser';
import { tallPng } from '../support/image-fixtures';
import { processMemory, resetPeakMemory } from '../support/process-memory';
import { signInWithCode } from '../support/sign-in';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { testPhoto, uploadBuild } from '../support/uploads';

let app: AppProcess;
let sink: SmtpSink;
let tall: Buffer;
let counter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ SMTP_URL: sink.url, TRUST_PROXY: 'true' });
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

/**
 * Sends a photo ahead with a streamed body; `sent` resolves once the client has
 * written the last byte, so the photo is in the server's hands from then on.
 */
async function sendAheadStreamed(browser: Browser, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set('image', new Blob([bytes], { type: 'image/png' }), 'tall.png');
  const encoded = new Request(app.origin, { method: 'POST', body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(body),
    pull: (controller) => {
      controller.close();
      markSent();
    },
  });
  const answer = browser.request('/api/uploads/temp', {
    method: 'POST',
    body: stream,
    headers: { Origin: app.origin, 'Content-Type': encoded.headers.get('Content-Type')! },
    duplex: 'half',
  } as RequestInit);
  return { sent, answer };
}

describe('uploads from one network address', () => {
  it('are processed two at a time: a third is refused with 429 and the wait, on the JSON API, POST /api/builds and the form', async () => {
    counter += 1;
    const address = `203.0.113.${counter}`;
    const guest = new Browser(app, address);
    const member = new Browser(app, address);
    await signInWithCode(member, sink, `neighbour-${Date.now()}@example.com`);

    const holders = [await sendAheadStreamed(guest, new Uint8Array(tall)), await sendAheadStreamed(guest, new Uint8Array(tall))];
    await Promise.all(holders.map((holder) => holder.sent));
    // Both tall photos are now in the pipeline: decoding one takes far longer than the three requests below.
    const small = new Uint8Array(await testPhoto('png', 320, 240));
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

    for (const holder of holders) expect((await holder.answer).status).toBe(201);
    // Once they are done, the address uploads again; another address was never held up.
    expect((await sendAhead(guest, small)).status).toBe(201);
  }, 60_000);
});
