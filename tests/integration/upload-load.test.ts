import { beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp } from '#tests/support/app-process';
import { Browser, toastText } from '#tests/support/browser';
import { tallPng } from '#tests/support/image-fixtures';
import { processMemory, resetPeakMemory } from '#tests/support/process-memory';
import { signInWithCode } from '#tests/support/sign-in';
import { slowUpload, type SlowUpload } from '#tests/support/slow-upload';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { sharedStack } from '#tests/support/stack';

// The server sets glibc's malloc settings itself (server/memory-settings.ts):
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

/** An upload sent but for its last bytes, which go when `release` is called: only then is it read. */
function heldUpload(browser: Browser, bytes: Uint8Array) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'upload');
  const answer = (async () => {
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const body = new Uint8Array(await encoded.arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(body.subarray(0, body.length - 64));
        await released;
        controller.enqueue(body.subarray(body.length - 64));
        controller.close();
      },
    });
    return browser.request('/api/uploads/temp', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { Origin: stack.app.origin, 'Content-Type': encoded.headers.get('Content-Type')!, 'Content-Length': String(body.length) },
    } as RequestInit);
  })();
  return { answer, release };
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
    const counted = (sender: string) =>
      readRow<{ hits: number }>(
        stack.app.databasePath,
        "select count(*) as hits from rate_limit_hits where bucket = 'upload:address' and key = ?",
        sender,
      ).hits;
    // A write keeps its place in the request line (two per network) for up to a second, so the
    // three requests below would wait for one of the address's own two uploads to finish. Those
    // two are sent but for their last bytes, which wait past that second: by the time they are
    // read and in progress, they keep no place. Two photos from elsewhere are in the pipeline's
    // two places first, so the address's two are in progress for two photos' time after that.
    const holders = [heldUpload(guest, tall), heldUpload(guest, tall)];
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const elsewhere = ['198.51.100.1', '198.51.100.2'];
    const fillers = elsewhere.map((sender) => sendAhead(new Browser(stack.app, sender), new Uint8Array(tall)));
    await waitFor(() => elsewhere.every((sender) => counted(sender) === 1));
    for (const holder of holders) holder.release();
    await waitFor(() => counted(address) === 2);
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
      // The answer whole, so a failure says what came instead of the refusal.
      expect({ status: refused.status, body: await refused.text() }).toEqual({
        status: 429,
        body: JSON.stringify({ error: 'rate_limited', message: waitMessage }),
      });
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(page.status).toBe(429);
    expect(Number(page.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(toastText(page.html)).toContain(waitMessage);

    for (const upload of [...fillers, ...holders.map((holder) => holder.answer)]) expect((await upload).status).toBe(201);
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

describe('slow upload senders', () => {
  // A pace of 1 MB a second: the head start every upload has before its pace counts lasts a third of a second, not ten.
  const paced = () => startApp({ TRUST_PROXY: 'true', UPLOAD_MIN_KB_PER_S: '1024' });
  /** Six megabytes that are not a photo: answered 400 once read, so an answer says the body was read. */
  const sixMegabytes = new Uint8Array(6 * 1024 * 1024).fill(7);
  const upload = (app: AppProcess, address: string) => {
    const body = new FormData();
    body.set('image', new Blob([sixMegabytes], { type: 'image/png' }), 'rig.png');
    return new Browser(app, address).request('/api/uploads/temp', {
      method: 'POST',
      body,
      headers: { Origin: app.origin },
      signal: AbortSignal.timeout(10_000),
    });
  };
  const notAPhoto = { error: 'invalid_input', message: 'File type must be an image' };
  const stopAll = (uploads: SlowUpload[]) => uploads.forEach((slow) => slow.stop());

  it("from one address hold only its share of the reading: another member's upload is read meanwhile, and each slow one is refused 408", async () => {
    const app = await paced();
    const slow = Array.from({ length: 7 }, () => slowUpload(app.origin, { address: '203.0.113.7' }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const other = await upload(app, '203.0.113.8');
      expect(await other.json()).toEqual(notAPhoto);
      const answers = await Promise.all(slow.map((one) => one.answer));
      expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(408));
    } finally {
      stopAll(slow);
      await app.stop();
    }
  }, 30_000);

  it('from many addresses are refused 408 once they fall behind the pace, and the uploads behind them are read', async () => {
    const app = await paced();
    // Seven declared 10 MB bodies hold more than the 64 MB read at once.
    const slow = Array.from({ length: 7 }, (_, index) => slowUpload(app.origin, { address: `203.0.113.${20 + index}` }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const waiting = upload(app, '203.0.113.9');
      const answers = await Promise.all(slow.map((one) => one.answer));
      expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(408));
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(5000);
      expect(await (await waiting).json()).toEqual(notAPhoto);
    } finally {
      stopAll(slow);
      await app.stop();
    }
  }, 30_000);
});
