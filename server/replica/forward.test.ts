import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { requestTarget } from '../request-target';
import { forwardToPrimary } from './forward';
import { PEER_HEADER, verifyPeer } from './peer';

const secret = 'a-secret-every-node-shares-0123456789';
let servers: Server[] = [];

afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  servers = [];
});

const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

type Seen = { method?: string; url?: string; headers?: IncomingHttpHeaders; bytes: number; sha256?: string };

/** A stand-in primary: hashes the body it receives and answers with a cookie. */
async function primary(seen: Seen) {
  return listen(
    createServer((req, res) => {
      const hash = createHash('sha256');
      req.on('data', (chunk: Buffer) => {
        seen.bytes += chunk.length;
        hash.update(chunk);
      });
      req.on('end', () => {
        Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, sha256: hash.digest('hex') });
        res.writeHead(303, { Location: '/build/7', 'Set-Cookie': ['a=1; Path=/', 'b=2; Path=/'], Connection: 'keep-alive' }).end();
      });
    }),
  );
}

/** A replica whose every request goes to `origin`, behind the app's first step. */
async function replica(origin: string) {
  const app = express();
  app.use(requestTarget());
  app.use((req, res) => forwardToPrimary(req, res, { origin, secret, address: '198.51.100.9' }));
  return listen(createServer(app));
}

describe('forwardToPrimary', () => {
  it('streams a large body to the primary with its headers, and its answer back with every cookie', async () => {
    const seen: Seen = { bytes: 0 };
    const entry = await replica(await primary(seen));
    const body = Buffer.alloc(6 * 1024 * 1024, 7);
    const response = await fetch(`${entry}/upload?x=1`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/octet-stream', Cookie: 'session=abc', [PEER_HEADER]: 'forged 1 x' },
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/build/7');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/upload?x=1',
      bytes: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    expect(seen.headers).toMatchObject({ cookie: 'session=abc', host: new URL(entry).host, 'content-type': 'application/octet-stream' });
    // The client's own header is replaced by one the primary can check.
    expect(verifyPeer(secret, seen.headers?.[PEER_HEADER] as string, { method: 'POST', url: '/upload?x=1' })).toBe('198.51.100.9');
  });

  it('answers 503 with Retry-After when the primary cannot be reached, in JSON under /api/', async () => {
    const gone = await listen(createServer());
    servers.pop()!.close();
    const entry = await replica(gone);
    const page = await fetch(`${entry}/build/7`, { method: 'POST', body: 'intent=rate' });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(await page.text()).toContain('try again in a moment');
    const api = await fetch(`${entry}/api/builds/7/rate`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ error: 'unavailable' });
  });

  it('sends every request to the primary, whatever host or path the request-target names', async () => {
    const seen: Seen = { bytes: 0 };
    const entry = new URL(await replica(await primary(seen)));
    let strayed = 0;
    const elsewhere = new URL(await listen(createServer((_req, res) => res.end(String(++strayed)))));
    for (const [target, path] of [
      [`//${elsewhere.host}/x`, `/${elsewhere.host}/x`],
      [`http://${elsewhere.host}/x?y=1`, '/x?y=1'],
      [`/\\${elsewhere.host}/x`, `/${elsewhere.host}/x`],
    ] as const) {
      const status = await new Promise<number>((answered, failed) =>
        request({ host: entry.hostname, port: entry.port, method: 'POST', path: target }, (answer) => {
          answer.resume();
          answered(answer.statusCode ?? 0);
        })
          .on('error', failed)
          .end('intent=rate'),
      );
      expect(status, target).toBe(303);
      expect(seen.url, target).toBe(path);
    }
    expect(strayed).toBe(0);
  });
});
