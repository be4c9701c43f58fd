import { createRequestHandler as createExpressHandler, type GetLoadContextFunction } from '@react-router/express';
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler, Response } from 'express';
import type { ServerBuild } from 'react-router';
import { type RenderReading, readingFor } from '~/web/personal-render.server';

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: GetLoadContextFunction;
};

/**
 * React Router's request handler for Express (@react-router/express), run so that
 * a response drawn from its visitor's own cookies is marked as theirs alone: each
 * render notes what it read of its visitor (app/web/personal-render.server.ts), and a
 * personal one is sent `Cache-Control: private`.
 */
export function createRequestHandler(options: Options): RequestHandler {
  const handleRequest = createExpressHandler(options);
  return (req, res, next) => {
    const render: RenderReading = { personal: false };
    privateWhenPersonal(res, render);
    return readingFor(render, () => handleRequest(req, res, next));
  };
}

/**
 * No shared cache (a proxy's, a CDN's, the page cache's store for everyone) may
 * keep a personal response. The head is written once the render is over, so what
 * it read is known by then, whatever the response's own headers said — set before
 * or handed to writeHead itself, whose headers would otherwise win.
 */
export function privateWhenPersonal(res: Response, render: RenderReading): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    if (render.personal && !this.headersSent) {
      const given = rest.findIndex((arg) => typeof arg === 'object' && arg !== null);
      if (given !== -1) {
        setHeadersAsWriteHeadWould(this, rest[given] as OutgoingHttpHeaders | OutgoingHttpHeader[]);
        rest.splice(given, 1);
      }
      this.setHeader('Cache-Control', privateCacheControl(String(this.getHeader('Cache-Control') ?? '')));
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

function privateCacheControl(given: string): string {
  const directives = given
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(?:public|s-maxage=.*)$/i.test(directive));
  if (!directives.some((directive) => /^(?:private|no-store)$/i.test(directive))) directives.unshift('private');
  return directives.join(', ');
}
