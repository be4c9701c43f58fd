import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '~/services/env.server';
import type { PrimaryTarget } from '~/services/primary.server';
import { forwardWrites } from './forward-writes';

let servers: Server[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  resetEnv();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  servers = [];
});

const listen = async (handler: Parameters<typeof createServer>[1]) => {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A node in the given role, in front of handlers that say where they ran. */
async function node(target: PrimaryTarget, { fromPeer = false } = {}) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.fromPeer = fromPeer;
    res.locals.clientAddress = '198.51.100.9';
    next();
  });
  app.use(forwardWrites({ secret: 'a-secret-every-node-shares-0123456789', target: async () => target }));
  app.use((req, res) => res.send(`${req.method} ${req.path} here`));
  return listen(app);
}

describe('forwardWrites', () => {
  it('sends writes and private photos on to the primary, and serves other reads itself', async () => {
    const primaryUrl = await listen((req, res) => res.end(`${req.method} ${req.url} on the primary`));
    const replica = await node({ role: 'replica', hostname: 'node-a', url: primaryUrl });
    expect(await (await fetch(`${replica}/gallery`)).text()).toBe('GET /gallery here');
    expect(await (await fetch(`${replica}/build/7`, { method: 'POST', body: 'x' })).text()).toBe('POST /build/7 on the primary');
    expect(await (await fetch(`${replica}/build/7`, { method: 'DELETE' })).text()).toBe('DELETE /build/7 on the primary');
    expect(await (await fetch(`${replica}/private-images/a.jpg`)).text()).toBe('GET /private-images/a.jpg on the primary');
  });

  it('handles everything itself on the primary', async () => {
    const primary = await node({ role: 'primary' });
    expect(await (await fetch(`${primary}/build/7`, { method: 'POST', body: 'x' })).text()).toBe('POST /build/7 here');
  });

  it('never forwards a request a peer forwarded, and answers writes 503 with no primary', async () => {
    const primaryUrl = await listen((_req, res) => res.end('forwarded twice'));
    const confused = await node({ role: 'replica', hostname: 'node-a', url: primaryUrl }, { fromPeer: true });
    expect((await fetch(`${confused}/build/7`, { method: 'POST', body: 'x' })).status).toBe(503);
    const orphan = await node({ role: 'unknown', reason: 'this replica has no primary' });
    expect((await fetch(`${orphan}/build/7`, { method: 'POST', body: 'x' })).status).toBe(503);
    // Reads go on with what this node has.
    expect(await (await fetch(`${orphan}/private-images/a.jpg`)).text()).toBe('GET /private-images/a.jpg here');
  });

  it('tells a form sent by JavaScript to load its page again, with the message as a toast, when there is no primary', async () => {
    vi.stubEnv('SESSION_SECRET', 'a-secret-every-node-shares-0123456789');
    resetEnv();
    const orphan = await node({ role: 'unknown', reason: 'this replica has no primary' });
    const answer = await fetch(`${orphan}/build/7.data`, { method: 'POST', body: 'intent=rate&rating=5' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('X-Remix-Redirect')).toBe('/build/7');
    expect(answer.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(answer.headers.get('Set-Cookie')).toMatch(/^toast=/);
    const home = await fetch(`${orphan}/_root.data?index`, { method: 'POST', body: 'x' });
    expect(home.headers.get('X-Remix-Redirect')).toBe('/');
  });
});
