import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router';
import { NonceProvider } from '~/components/nonce';
import { RegionMarkupProvider } from '~/components/shared-region';
import { compressDocument } from '~/document/compression-settings';
import { contentSecurityPolicy } from '~/document/content-security-policy';
import { borrowDocumentBytes, giveBackDocumentBytes } from '~/document/document-bytes';
import { inlineScriptHashes } from '~/document/inline-scripts';
import { regionMarkup } from '~/document/region-markup';
import { requestInfoContext } from '~/document/request-info';
import { scriptsAfterLoad } from '~/document/scripts-after-load';
import { log } from '~/services/log.server';
import { isBodyRefused } from '~/web/body-refused.server';

export const streamTimeout = 5_000;

/**
 * Documents are rendered whole, then sent. Every loader reads SQLite
 * synchronously, so the shell is ready only when everything is: streaming
 * would send the same bytes later and cost a third more CPU per page in
 * `npm run bench:pages`. A document the page cache keeps (server/page-cache.ts) has
 * its inline scripts allowed by hash, any other by the response's nonce. The
 * SharedRegions of a member's page come from earlier renders of the same data
 * (document/region-markup.ts): only the member's own parts are drawn for them. A
 * document for one visitor leaves compressed; a shared one leaves as it is, for
 * the page cache to compress once.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, shared, enforceCsp, encoding } = loadContext.get(requestInfoContext);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Only a kept document's policy reads the HTML (to hash its inline scripts).
  const policy = (html: Buffer) => contentSecurityPolicy(nonce ? { nonce } : { hashes: inlineScriptHashes(html) });

  if (request.method.toUpperCase() === 'HEAD') {
    if (enforceCsp && nonce) responseHeaders.set('Content-Security-Policy', policy(Buffer.alloc(0)));
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { pathname, search } = new URL(request.url);
  const regions = regionMarkup.forRender(pathname + search);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const rendered = borrowDocumentBytes();
    const sink = new Writable({
      // React's long strings are encoded straight into the buffer, not into a Buffer of their own first.
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, callback) {
        rendered.append(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        const page = borrowDocumentBytes();
        scriptsAfterLoad(rendered.view(), page);
        const html = page.view();
        if (status === 200) regions.keep(html);
        responseHeaders.set('X-Shared-Regions', `kept=${regions.counts.kept} drawn=${regions.counts.drawn}`);
        if (enforceCsp) responseHeaders.set('Content-Security-Policy', policy(html));
        const body = compressDocument(html, shared ? 'identity' : encoding);
        giveBackDocumentBytes(rendered, page);
        if (!shared) {
          responseHeaders.append('Vary', 'Accept-Encoding');
          if (encoding !== 'identity') responseHeaders.set('Content-Encoding', encoding);
        }
        responseHeaders.set('Content-Length', String(body.length));
        resolve(new Response(body, { status, headers: responseHeaders }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <RegionMarkupProvider value={regions}>
        <NonceProvider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
        </NonceProvider>
      </RegionMarkupProvider>,
      {
        nonce: nonce || undefined,
        // The document is sent whole: a Suspense boundary (the lazily loaded username
        // dialog) stays in place instead of moving to the end as hidden content that
        // only a script reveals, which never shows without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(sink);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          log.error('Rendering failed', error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the visitor navigated away) and bodies the server refused (and answered for) are not errors.
  if (request.signal.aborted || isBodyRefused(error)) return;
  // A 4xx React Router answers itself (no route, no action for a post) is an answer, not a failure.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error(`${request.method} ${new URL(request.url).pathname} failed`, error);
}
