import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { privateWhenPersonal } from './request-handler';

let server: Server | undefined;
afterEach(() => server?.close());

/** The head a client receives from a response that `respond` writes, personal or not. */
async function headOf(personal: boolean, respond: (res: ServerResponse) => void): Promise<Headers> {
  server = createServer((_req, res) => {
    privateWhenPersonal(res as Response, { personal });
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
