import { createRequestHandler as createExpressHandler, type GetLoadContextFunction } from '@react-router/express';
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler, Response } from 'express';
import type { ServerBuild } from 'react-router';
import { type RenderReading, readingFor } from '~/web/render-reading.server';

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: GetLoadContextFunction;
};

/**
 * React Router's request handler for Express (@react-router/express), run so that
 * what a render found decides who may keep its response: each render notes what it
 * read of its visitor and whether what it was asked for exists
 * (app/web/render-reading.server.ts); a personal one is sent `Cache-Control: private`,
 * one that names nothing `Cache-Control: no-store`.
 */
export function createRequestHandler(options: Options): RequestHandler {
  const handleRequest = createExpressHandler(options);
  return (req, res, next) => {
    const render: RenderReading = { personal: false, namesNothing: false };
    cacheControlAsFound(res, render);
    return readingFor(render, () => handleRequest(req, res, next));
  };
}

/**
 * No shared cache (a proxy's, a CDN's, the page cache's store for everyone) may
 * keep a personal response, and no cache at all one whose parameters name nothing.
 * The head is written once the render is over, so what it found is known by then,
 * whatever the response's own headers said — set before or handed to writeHead
 * itself, whose headers would otherwise win.
 */
export function cacheControlAsFound(res: Response, render: RenderReading): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    if ((render.personal || render.namesNothing) && !this.headersSent) {
      const given = rest.findIndex((arg) => typeof arg === 'object' && arg !== null);
      if (given !== -1) {
        setHeadersAsWriteHeadWould(this, rest[given] as OutgoingHttpHeaders | OutgoingHttpHeader[]);
        rest.splice(given, 1);
      }
      const cacheControl = render.namesNothing ? 'no-store' : String(this.getHeader('Cache-Control') ?? '');
      this.setHeader('Cache-Control', render.personal ? privateCacheControl(cacheControl) : cacheControl);
    }
    return (writeHead as (...args: unknown[]) => Response).apply(this, [statusCode, ...rest]);
  } as typeof res.writeHead;
}

/** What Node's writeHead does with headers given to it: an object's replace, a flat list's replace and may repeat a name. */
function setHeadersAsWriteHeadWould(res: Response, headers: OutgoingHttpHeaders | OutgoingHttpHeader[]): void {
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    return;
  }
  for (let index = 0; index < headers.length; index += 2) res.removeHeader(String(headers[index]));
  for (let index = 0; index + 1 < headers.length; index += 2)
    res.appendHeader(String(headers[index]), headers[index + 1] as string | string[]);
}

/** `given` for one visitor only: no `public`, no `s-maxage`, and `private` unless it says `no-store` already. */
export function privateCacheControl(given: string): string {
  const directives = given
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(?:public|s-maxage=.*)$/i.test(directive));
  if (!directives.some((directive) => /^(?:private|no-store)$/i.test(directive))) directives.unshift('private');
  return directives.join(', ');
}
