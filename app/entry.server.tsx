import { PassThrough, Writable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { requestInfoContext } from '~/server/context';
import { inlineScriptHashes } from '~/server/inline-scripts';
import { contentSecurityPolicy } from '~/server/security-headers';
import { NonceProvider } from '~/components/nonce';
import { log } from '~/services/log.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, whole, enforceCsp } = loadContext.get(requestInfoContext);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

  if (request.method.toUpperCase() === 'HEAD') {
    if (enforceCsp) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy({ nonce }));
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (whole) return renderWhole(responseStatusCode, responseHeaders, routerContext, request.url, enforceCsp);
  if (enforceCsp) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy({ nonce }));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and no-JS clients get the whole document at once; everyone else streams.
    const userAgent = request.headers.get('user-agent');
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready are logged by React Router itself.
          if (shellRendered) log.error('Rendering failed while streaming', error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The whole document at once, its inline scripts allowed by their hashes: the
 * same bytes are then good for every visitor the page cache serves them to.
 */
function renderWhole(status: number, headers: Headers, routerContext: EntryContext, url: string, enforceCsp: boolean) {
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        const html = Buffer.concat(chunks).toString('utf8');
        if (enforceCsp) headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes: inlineScriptHashes(html) }));
        resolve(new Response(html, { status, headers }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={url} />, {
      onAllReady() {
        pipe(sink);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        log.error('Rendering failed', error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the visitor navigated away) are not errors.
  if (request.signal.aborted) return;
  log.error(`${request.method} ${new URL(request.url).pathname} failed`, error);
}
