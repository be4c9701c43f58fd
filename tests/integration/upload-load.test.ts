import { beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '#tests/support/app-process';
import { Browser, toastText } from '#tests/support/browser';
import { tallPng } from '#tests/support/image-fixtures';
import { processMemory, resetPeakMemory } from '#tests/support/process-memory';
import { signInWithCode } from '#tests/support/sign-in';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { sharedStack } from '#tests/support/stack';

// The server sets glibc's malloc settings itself (app/server/memory-settings.ts):
// without them its per-thread arenas alone add 50–130 MB to the first burst's peak.
const stack = sharedStack();
let tall: Buffer;

beforeAll(async () => {
  tall = await tallPng();
});

function sendAhead(browser: Browser, bytes: Uint8Array<ArrayBuffer>, type = 'image/png') {
  const body = new FormData();
  body.set('image', new Blob([bytes], { type }), 'upload');
  return browser.request('/api/uploads/temp', { method: 'POST', body, headers: { Origin: stack.app.origin } });
}

/** An answer is either the upload stored or a refusal the client can act on: JSON, a message, and when to try again. */
async function expectStoredOrRefused(response: Response): Promise<void> {
  if (response.status === 201) return;
  expect([429, 503]).toContain(response.status);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({
    error: response.status === 429 ? 'rate_limited' : 'unavailable',
    message: expect.stringMatching(/try again/i),
  });
}

describe('very tall uploads at once', () => {
  it('keep the server under 300 MB over idle: each is stored or refused, and the server stays up', async () => {
    const pid = stack.app.child.pid!;
    // libvips starts its threads and caches on the first image: that belongs to idle.
    expect((await sendAhead(stack.browser(), new Uint8Array(await testPhoto('png', 640, 480)))).status).toBe(201);
    const idle = await processMemory(pid);
    await resetPeakMemory(pid);

    const bytes = new Uint8Array(tall);
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendAhead(stack.browser(), bytes)));
    for (const answer of answers) await expectStoredOrRefused(answer);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);

    const { peakMb } = await processMemory(pid);
    expect(peakMb - idle.rssMb).toBeLessThan(300);
    expect((await stack.app.fetch('/healthz')).status).toBe(200);
    expect(stack.app.child.exitCode).toBeNull();
  }, 120_000);
});

describe('uploads from one network address', () => {
  it('are processed two at a time: a third is refused with 429 and the wait, on the JSON API, POST /api/builds and the form', async () => {
    // One address for a guest and a member: away from the stack's own browsers.
    const address = '192.0.2.1';
    const guest = new Browser(stack.app, address);
    const member = new Browser(stack.app, address);
    await signInWithCode(member, stack.mail, `neighbour-${Date.now()}@example.com`);

    const small = new Uint8Array(await testPhoto('png', 320, 240));
    const holders = [sendAhead(guest, new Uint8Array(tall)), sendAhead(guest, new Uint8Array(tall))];
    // Once both are counted against the address they are in the pipeline, where a 40-megapixel
    // PNG stays far longer than the three requests below take.
    const counted = () =>
      readRow<{ hits: number }>(
        stack.app.databasePath,
        "select count(*) as hits from rate_limit_hits where bucket = 'upload:address' and key = ?",
        address,
      ).hits;
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
    const fresh = await startApp({ TRUST_PROXY: 'true' });
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
