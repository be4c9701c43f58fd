import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readYourWrites, TXID_COOKIE } from './read-your-writes';

let litefsDir: string;
let server: Server | undefined;
const databasePath = '/anywhere/sqlite.db';
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
async function node({ primary, maxWaitMs = 3000 }: { primary: boolean; maxWaitMs?: number }) {
  const app = express();
  app.use(readYourWrites({ litefsDir, databasePath, maxWaitMs, isPrimary: async () => primary }));
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
  it('gives the answer to a write on the primary the position it reached', async () => {
    const origin = await node({ primary: true });
    const response = await fetch(`${origin}/write`, { method: 'POST', redirect: 'manual' });
    expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${TXID_COOKIE}=0000000000000009;`)));
  });

  it('holds a page on a replica until its copy reaches the position in the cookie', async () => {
    const origin = await node({ primary: false });
    const page = fetch(`${origin}/page`, { headers: { Cookie: `${TXID_COOKIE}=0000000000000009` } }).then((response) => response.text());
    setTimeout(() => setPosition(9), 50);
    expect(await page).toBe('rendered at 9');
  });

  it('serves what the replica has once the bound passes, and pages without the cookie at once', async () => {
    const origin = await node({ primary: false, maxWaitMs: 50 });
    expect(await (await fetch(`${origin}/page`, { headers: { Cookie: `${TXID_COOKIE}=00000000000000ff` } })).text()).toBe('rendered at 1');
    expect(await (await fetch(`${origin}/page`)).text()).toBe('rendered at 1');
  });
});
