import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestAdmission, type RequestAdmissionLimits } from '../request-admission';
import { readYourWrites, signPosition, TXID_COOKIE } from './read-your-writes';

let litefsDir: string;
let server: Server | undefined;
const databasePath = '/anywhere/sqlite.db';
const secret = 'a-secret-every-node-shares-0123456789';
/** The cookie the primary sets after a write that reached `txid`, `ago` ms ago. */
const signedCookie = (txid: number, ago = 0) => ({ Cookie: `${TXID_COOKIE}=${signPosition(secret, txid, Date.now() - ago)}` });
const setPosition = (txid: number) =>
  writeFileSync(join(litefsDir, 'sqlite.db-pos'), `${txid.toString(16).padStart(16, '0')}/9c30661456055e32`);

beforeEach(() => {
  litefsDir = mkdtempSync(join(tmpdir(), 'rigroast-ryw-'));
  setPosition(1);
});

afterEach(async () => {
  await new Promise((closed) => server?.close(closed));
  rmSync(litefsDir, { recursive: true, force: true });
});

/** A node running the middleware; each page answers the position it rendered at. */
async function node({ primary, maxWaitMs = 3000, line }: { primary: boolean; maxWaitMs?: number; line?: RequestAdmissionLimits }) {
  const app = express();
  // Every request from one network, in the line of page requests the app has.
  const admit = line ? requestAdmission({ pages: line, writes: line }, () => 'one network').admit : undefined;
  app.use(readYourWrites({ litefsDir, databasePath, secret, maxWaitMs, isPrimary: async () => primary, admit }));
  app.get('/page', (_req, res) => {
    res.send(`rendered at ${Number.parseInt(readFileSync(join(litefsDir, 'sqlite.db-pos'), 'utf8').slice(0, 16), 16)}`);
  });
  app.post('/write', (_req, res) => {
    setPosition(9);
    res.redirect(303, '/page');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((ready) => server!.once('listening', ready));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}
describe('read-your-writes', () => {
  it('gives the answer to a write on the primary the position it reached, signed with the time', async () => {
    const origin = await node({ primary: true });
    const response = await fetch(`${origin}/write`, { method: 'POST', redirect: 'manual' });
    expect(response.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(new RegExp(`^${TXID_COOKIE}=0000000000000009\\.\\d+\\.[\\w-]+;`)),
    );
  });

  it('holds a page on a replica until its copy reaches the position in the cookie', async () => {
    const origin = await node({ primary: false });
    const page = fetch(`${origin}/page`, { headers: signedCookie(9) }).then((response) => response.text());
    setTimeout(() => setPosition(9), 50);
    expect(await page).toBe('rendered at 9');
  });

  it('serves what the replica has once the bound passes, and pages without the cookie at once', async () => {
    const origin = await node({ primary: false, maxWaitMs: 50 });
    expect(await (await fetch(`${origin}/page`, { headers: signedCookie(0xff) })).text()).toBe('rendered at 1');
    expect(await (await fetch(`${origin}/page`)).text()).toBe('rendered at 1');
  });

  it('never waits for a position the primary did not sign, or one it signed longer ago than the bound', async () => {
    const origin = await node({ primary: false });
    const valid = signPosition(secret, 9);
    for (const cookie of [
      `${TXID_COOKIE}=000fffffffffffff`,
      `${TXID_COOKIE}=0000000000000009`,
      `${TXID_COOKIE}=${valid.replace(/^0+9/, (zeros) => `${zeros.slice(0, -1)}a`)}`,
      `${TXID_COOKIE}=${signPosition('another-secret-of-the-same-length-0000', 9)}`,
      `${TXID_COOKIE}=${signPosition(secret, 9, Date.now() - 10_000)}`,
    ]) {
      setPosition(1);
      const page = fetch(`${origin}/page`, { headers: { Cookie: cookie } }).then((response) => response.text());
      // A page that waited would see this write.
      setTimeout(() => setPosition(9), 100);
      expect(await page, cookie).toBe('rendered at 1');
      await new Promise((later) => setTimeout(later, 120));
    }
  });

  it("holds a place in the line of page requests while it waits, so one network's waits are bounded", async () => {
    const origin = await node({ primary: false, line: { running: 4, runningPerKey: 1, waiting: 4, perKey: 1 } });
    const first = fetch(`${origin}/page`, { headers: signedCookie(9) });
    await new Promise((later) => setTimeout(later, 50));
    const second = await fetch(`${origin}/page`, { headers: signedCookie(9) });
    expect(second.status).toBe(429);
    setPosition(9);
    expect(await (await first).text()).toBe('rendered at 9');
  });
});
