import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheControlAsFound } from './request-handler';

let server: Server | undefined;
afterEach(() => server?.close());

/** The head a client receives from a response that `respond` writes, personal or not, naming something or nothing. */
async function headOf(personal: boolean, respond: (res: ServerResponse) => void, namesNothing = false): Promise<Headers> {
  server = createServer((_req, res) => {
    cacheControlAsFound(res as Response, { personal, namesNothing });
    respond(res);
  });
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await response.text();
  return response.headers;
}

const shared = 'public, max-age=60, s-maxage=300';

describe('a personal response', () => {
  it('is sent private whichever way its head is written', async () => {
    const setBefore = await headOf(true, (res) => {
      res.setHeader('Cache-Control', shared);
      res.end();
    });
    expect(setBefore.get('cache-control')).toBe('private, max-age=60');
    const inWriteHead = await headOf(true, (res) => res.writeHead(200, { 'cache-control': shared }).end());
    expect(inWriteHead.get('cache-control')).toBe('private, max-age=60');
    const asList = await headOf(true, (res) =>
      res.writeHead(200, 'OK', ['Cache-Control', shared, 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']).end(),
    );
    expect(asList.get('cache-control')).toBe('private, max-age=60');
    expect(asList.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect((await headOf(true, (res) => res.end())).get('cache-control')).toBe('private');
  });

  it('leaves what everyone may see as it was', async () => {
    const head = await headOf(false, (res) => res.writeHead(200, { 'Cache-Control': shared }).end());
    expect(head.get('cache-control')).toBe(shared);
  });
});

describe('a response whose parameters name nothing', () => {
  it('is stored by no cache, whoever it is for and whatever it said', async () => {
    for (const personal of [false, true]) {
      const head = await headOf(personal, (res) => res.writeHead(200, { 'Cache-Control': shared }).end(), true);
      expect(head.get('cache-control'), String(personal)).toBe('no-store');
      expect((await headOf(personal, (res) => res.end(), true)).get('cache-control'), String(personal)).toBe('no-store');
    }
  });
});
