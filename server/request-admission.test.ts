import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { NETWORK_BUSY, requestAdmission, type RequestAdmissionLimits } from './request-admission';

/** Room for every write: these tests are about pages unless they say so. */
const ANY_WRITES = { running: 100, runningPerKey: 100, waiting: 100, perKey: 100 };

/**
 * An app behind the lines whose `/hold` is never answered (a client reading its
 * answer slowly holds it as long, a write waiting on another server too).
 */
async function appBehind(pages: RequestAdmissionLimits, writes: RequestAdmissionLimits = ANY_WRITES) {
  const app = express();
  app.use(requestAdmission({ pages, writes }, (res) => String(res.req.headers['x-network'])).handler);
  app.all('/hold', () => {});
  app.get('/page', (_req, res) => void res.send('page'));
  app.post('/write', (_req, res) => void res.send('written'));
  const server = createServer(app);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const held = new AbortController();
  return {
    ask: (path: string, network: string, leave?: AbortSignal, method = 'GET') =>
      fetch(`${origin}${path}`, {
        method,
        headers: { 'x-network': network },
        signal: leave ? AbortSignal.any([held.signal, leave]) : held.signal,
      }),
    write: (path: string, network: string) =>
      fetch(`${origin}${path}`, { method: 'POST', headers: { 'x-network': network }, signal: held.signal }),
    close: () => {
      held.abort();
      server.closeAllConnections();
      return new Promise((closed) => server.close(closed));
    },
  };
}

describe('requestAdmission', () => {
  it('lets one network run only its share of the places, so a request it holds does not hold back another network', async () => {
    const app = await appBehind({ running: 2, runningPerKey: 1, waiting: 4, perKey: 4 });
    try {
      void app.ask('/hold', 'a').catch(() => 'gone');
      // Network a's own next page waits for its place; b's is answered beside the held request.
      let ownAnswered = false;
      void app.ask('/page', 'a').then(
        () => (ownAnswered = true),
        () => 'gone',
      );
      const other = await app.ask('/page', 'b');
      expect(await other.text()).toBe('page');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ownAnswered).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('takes its place back from a request held past the longest hold, whose answer goes on outside the line', async () => {
    const app = await appBehind({ running: 1, runningPerKey: 1, waiting: 4, perKey: 4, maxHoldMs: 100 });
    try {
      void app.ask('/hold', 'a').catch(() => 'gone');
      // Without the limit this one would wait for ever behind the held request.
      expect(await (await app.ask('/page', 'b')).text()).toBe('page');
    } finally {
      await app.close();
    }
  });

  it('gives the place of a request whose client left while it waited to the next one', async () => {
    const app = await appBehind({ running: 1, runningPerKey: 1, waiting: 1, perKey: 4 });
    try {
      void app.ask('/hold', 'a').catch(() => 'gone');
      const leaving = new AbortController();
      const left = app.ask('/page', 'b', leaving.signal).catch(() => 'gone');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await app.ask('/page', 'c')).status).toBe(503);
      leaving.abort();
      expect(await left).toBe('gone');
      // The line has room again: c waits for its turn instead of being refused.
      let answered = false;
      void app.ask('/page', 'c').then(
        () => (answered = true),
        () => 'gone',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("answers a network's request past its share 429 with when to try again", async () => {
    const app = await appBehind({ running: 1, runningPerKey: 1, waiting: 4, perKey: 1 });
    try {
      void app.ask('/hold', 'a').catch(() => 'gone');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const refused = await app.ask('/page', 'a');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.text()).toBe(NETWORK_BUSY);
      // A browser asking for a page gets one, with the message and a way to try again.
      const page = await fetch(refused.url, { headers: { 'x-network': 'a', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(page.status).toBe(429);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain(`<p>${NETWORK_BUSY}</p>`);
      expect(html).toContain('<a href="">Try again</a>');
    } finally {
      await app.close();
    }
  });

  it('holds writes in a line of their own: a page never waits behind them, and past their share a network is answered 429', async () => {
    const app = await appBehind(
      { running: 1, runningPerKey: 1, waiting: 4, perKey: 4 },
      { running: 1, runningPerKey: 1, waiting: 4, perKey: 2, maxHoldMs: 60_000 },
    );
    try {
      void app.write('/hold', 'a').catch(() => 'gone');
      let waitingAnswered = false;
      void app.write('/write', 'b').then(
        () => (waitingAnswered = true),
        () => 'gone',
      );
      expect(await (await app.ask('/page', 'a')).text()).toBe('page');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(waitingAnswered).toBe(false);
      // Both of network a's places are taken (one holds, one waits): its next write is refused.
      void app.write('/write', 'a').catch(() => 'gone');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const refused = await app.write('/write', 'a');
      expect(refused.status).toBe(429);
      expect(await refused.text()).toBe(NETWORK_BUSY);
    } finally {
      await app.close();
    }
  });

  it('takes its place back from a write after a second at most, which goes on outside the line, as one waiting on a mail server does', async () => {
    const app = await appBehind(
      { running: 1, runningPerKey: 1, waiting: 4, perKey: 4 },
      { running: 1, runningPerKey: 1, waiting: 4, perKey: 4 },
    );
    try {
      void app.write('/hold', 'a').catch(() => 'gone');
      const started = performance.now();
      expect(await (await app.write('/write', 'b')).text()).toBe('written');
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await app.close();
    }
  });
});
