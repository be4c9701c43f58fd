import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { AdmissionLimits } from '~/services/admission.server';
import { slowUpload } from '#tests/support/slow-upload';
import { isBodyRefused } from '~/web/body-refused.server';
import { FORM_MAX_FIELDS } from '~/utils/constants';
import { bodyLimit } from './body-limit';
import { TOO_MANY_FIELDS } from './body-rules';

/** A route that takes a file (body-rules.ts): anywhere else an upload is refused unread. */
const UPLOAD_PATH = '/api/uploads/temp';

const MB = 1024 * 1024;
const servers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/**
 * A server behind bodyLimit whose every path reads the body as React Router
 * does (a web stream over the request) and answers with how many bytes it
 * read; the client's network is X-Forwarded-For, as slowUpload sends it.
 */
async function serverBehind({
  reading,
  minBytesPerSecond,
  readerPauseMs = 0,
}: {
  reading?: AdmissionLimits;
  minBytesPerSecond?: number;
  /** How long the route waits before it reads, as an action busy elsewhere may. */
  readerPauseMs?: number;
}) {
  const app = express();
  app.use(bodyLimit({ key: (res) => String(res.req.headers['x-forwarded-for']), reading, minBytesPerSecond }));
  app.post(/.*/, async (req, res) => {
    const request = new Request(`http://localhost${req.path}`, {
      method: 'POST',
      body: createReadableStreamFromReadable(req),
      duplex: 'half',
    } as RequestInit);
    if (readerPauseMs) await pause(readerPauseMs);
    try {
      res.send(`read ${(await request.arrayBuffer()).byteLength}`);
    } catch (error) {
      if (!isBodyRefused(error)) throw error;
    }
  });
  const server = createServer(app);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  servers.push(() => {
    server.closeAllConnections();
    return new Promise((closed) => server.close(closed));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An upload of `bytes` from `address`, sent at once. */
function upload(origin: string, address: string, bytes: number) {
  const body = new FormData();
  body.set('image', new Blob([new Uint8Array(bytes)]), 'rig.png');
  return fetch(`${origin}${UPLOAD_PATH}`, {
    method: 'POST',
    body,
    headers: { 'X-Forwarded-For': address },
    signal: AbortSignal.timeout(5000),
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bodyLimit, reading uploads', () => {
  it('reads uploads while their declared bodies fit the budget; the next waits unread until one is done', async () => {
    const origin = await serverBehind({ reading: { running: Infinity, budget: 20 * MB }, minBytesPerSecond: 1024 * 1024 });
    // Two slow 10 MB bodies fill the budget; a third body waits behind them, then is read.
    const slow = ['192.0.2.1', '192.0.2.2'].map((address) => slowUpload(origin, { path: UPLOAD_PATH, address, tickMs: 20 }));
    await pause(50);
    let read = false;
    const third = upload(origin, '192.0.2.3', MB).then(async (response) => ((read = true), await response.text()));
    await pause(100);
    expect(read).toBe(false);
    for (const one of slow) one.stop();
    expect(await third).toMatch(/^read \d+$/);
  });

  it("holds one network to its share: its next upload waits while another network's is read", async () => {
    const origin = await serverBehind({ reading: { running: Infinity, budget: 64 * MB, budgetPerKey: 16 * MB }, minBytesPerSecond: 1 });
    const slow = slowUpload(origin, { path: UPLOAD_PATH, address: '192.0.2.1' });
    await pause(50);
    let ownRead = false;
    const own = upload(origin, '192.0.2.1', 8 * MB).then(() => (ownRead = true));
    expect(await (await upload(origin, '192.0.2.2', 8 * MB)).text()).toMatch(/^read \d+$/);
    expect(ownRead).toBe(false);
    slow.stop();
    await own;
  });

  it('answers 429 with when to try again past the uploads one network may have in the line', async () => {
    const origin = await serverBehind({
      reading: { running: Infinity, budget: 64 * MB, budgetPerKey: 16 * MB, perKey: 2 },
      minBytesPerSecond: 1,
    });
    const slow = [
      slowUpload(origin, { path: UPLOAD_PATH, address: '192.0.2.1' }),
      slowUpload(origin, { path: UPLOAD_PATH, address: '192.0.2.1' }),
    ];
    await pause(50);
    const refused = await upload(origin, '192.0.2.1', MB);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/try again/i);
    for (const one of slow) one.stop();
  });

  it('answers 408 to an upload that falls behind the pace, and gives its place to the next', async () => {
    // A pace of 1 MB a second: the head start (320 KB) lasts a third of a second.
    const origin = await serverBehind({ reading: { running: Infinity, budget: 10 * MB }, minBytesPerSecond: 1024 * 1024 });
    const slow = slowUpload(origin, { path: UPLOAD_PATH, address: '192.0.2.1' });
    await pause(50);
    const behind = upload(origin, '192.0.2.2', MB);
    const answer = await slow.answer;
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeLessThan(2000);
    expect(await (await behind).text()).toMatch(/^read \d+$/);
  });

  it('does not count against the pace the time the reader itself takes', async () => {
    // A reader that waits a second (past the head start) before it reads.
    const origin = await serverBehind({ minBytesPerSecond: 1024 * 1024, readerPauseMs: 1000 });
    const response = await upload(origin, '192.0.2.1', 4 * MB);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^read \d+$/);
  });
});

describe('bodyLimit, counting fields', () => {
  const fields = (count: number) => Array.from({ length: count }, (_, index) => `f${index}=x`).join('&');
  const multipart = (parts: number) => {
    const body = new FormData();
    for (let index = 0; index < parts; index++) body.append(`f${index}`, 'x');
    return body;
  };
  const post = (origin: string, path: string, body: BodyInit, contentType?: string) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      body,
      headers: contentType ? { 'Content-Type': contentType } : {},
      signal: AbortSignal.timeout(5000),
    });

  it(`reads a form of ${FORM_MAX_FIELDS} fields, and refuses one more with 413 while it is read`, async () => {
    const origin = await serverBehind({});
    const type = 'application/x-www-form-urlencoded';
    expect(await (await post(origin, '/form', fields(FORM_MAX_FIELDS), type)).text()).toMatch(/^read \d+$/);
    const refused = await post(origin, '/form', fields(FORM_MAX_FIELDS + 1), type);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(TOO_MANY_FIELDS);
  });

  it(`counts an upload's parts the same way: ${FORM_MAX_FIELDS} are read, one more is refused`, async () => {
    const origin = await serverBehind({});
    expect(await (await post(origin, UPLOAD_PATH, multipart(FORM_MAX_FIELDS))).text()).toMatch(/^read \d+$/);
    const refused = await post(origin, UPLOAD_PATH, multipart(FORM_MAX_FIELDS + 1));
    expect(refused.status).toBe(413);
    // In the API's error shape, there.
    expect(await refused.json()).toEqual({ error: 'too_large', message: TOO_MANY_FIELDS });
  });

  it('refuses an upload where no file is taken, and any body of a kind no route reads, with 415 unread', async () => {
    const origin = await serverBehind({});
    const upload = await post(origin, '/form', multipart(1));
    expect(upload.status).toBe(415);
    expect(await upload.text()).toBe('This form takes no files.');
    for (const type of ['text/plain', 'application/json', 'Multipart/Form-Data; boundary=x', 'multipart/form-data']) {
      expect((await post(origin, '/form', 'a=1', type)).status, type).toBe(415);
    }
  });
});
