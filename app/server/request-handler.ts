import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import { createRequestHandler as createRouterHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { type RenderReading, readingFor } from '~/web/personal-render.server';

/**
 * Documents that entry.server.tsx rendered and compressed whole: their bytes travel
 * beside the Response rather than as its body. A body given to a Response is copied
 * into a stream of its own, then read back out of it chunk by chunk into the
 * socket; for a member's page that was 6–7 % of its CPU (decision 014).
 */
const finishedBodies = new WeakMap<Response, Buffer>();

/** A response whose body is `body`, already whole; sent by `createRequestHandler` below in one write. */
export function finishedResponse(body: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  finishedBodies.set(response, body);
  return response;
}

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
};

/**
 * React Router's request handler for Express, as `@react-router/express` 8.4 makes it
 * (the same Request from Express's, the same way of sending a Response), except that a
 * finished document is written to the socket as it is.
 */
export function createRequestHandler({ build, mode, getLoadContext }: Options) {
  const handleRequest = createRouterHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const render: RenderReading = { personal: false };
      const response = await readingFor(render, () => handleRequest(routerRequest(req, res), getLoadContext(req, res)));
      await send(res, response, render);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A response drawn from its visitor's own cookies is theirs alone: no shared
 * cache (a proxy's, a CDN's, the page cache's store for everyone) may keep it.
 */
function privateCacheControl(given: string): string {
  const directives = given
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(?:public|s-maxage=.*)$/i.test(directive));
  if (!directives.some((directive) => /^(?:private|no-store)$/i.test(directive))) directives.unshift('private');
  return directives.join(', ');
}

function routerRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const forwardedPort = req.app.enabled('trust proxy') ? req.get('X-Forwarded-Host')?.split(':')[1] : undefined;
  const port = [forwardedPort, req.get('host')?.split(':')[1]].map((value) => Number.parseInt(value ?? '', 10)).find(Number.isSafeInteger);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`;
  const controller = new AbortController();
  // A visitor who leaves before the answer is written aborts the work done for them.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(new URL(`${req.protocol}://${host}${req.originalUrl}`).href, init);
}

async function send(res: ExpressResponse, response: Response, render: RenderReading): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (render.personal) res.setHeader('Cache-Control', privateCacheControl(String(res.getHeader('Cache-Control') ?? '')));
  const finished = finishedBodies.get(response);
  if (finished) {
    res.end(finished);
    return;
  }
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
