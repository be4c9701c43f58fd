import { createRequestHandler as createExpressHandler, type GetLoadContextFunction } from '@react-router/express';
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
 * it read is known by then, whatever the response's own headers said.
 */
function privateWhenPersonal(res: Response, render: RenderReading): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (render.personal && !this.headersSent)
      this.setHeader('Cache-Control', privateCacheControl(String(this.getHeader('Cache-Control') ?? '')));
    return (writeHead as (...args: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}

function privateCacheControl(given: string): string {
  const directives = given
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(?:public|s-maxage=.*)$/i.test(directive));
  if (!directives.some((directive) => /^(?:private|no-store)$/i.test(directive))) directives.unshift('private');
  return directives.join(', ');
}
