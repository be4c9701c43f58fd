import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp } from '../support/app-process';
import { Browser } from '../support/browser';
import { tallPng } from '../support/image-fixtures';
import { processMemory, resetPeakMemory } from '../support/process-memory';
import { testPhoto } from '../support/uploads';

let app: AppProcess;
let tall: Buffer;
let counter = 0;

beforeAll(async () => {
  app = await startApp({ TRUST_PROXY: 'true' });
  tall = await tallPng();
});
afterAll(async () => {
  await app?.stop();
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

