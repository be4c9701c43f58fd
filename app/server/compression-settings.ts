import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request } from 'express';

/**
 * Brotli's default 4 MB window, allocated per response, held hundreds of MB under
 * load; documents are under 128 KB, which a 256 KB window covers. Quality 3 takes
 * half the CPU of 4 on our pages for 6 % more bytes (docs/decisions/014-member-pages.md);
 * pages every visitor shares are compressed once, harder, by the page cache.
 */
export const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_LGWIN]: 18 } as const;

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The encoding a response is sent in: ours is the preference (brotli, then gzip), the client says what it accepts. */
export function preferredEncoding(req: Pick<Request, 'acceptsEncodings'>): ContentEncoding {
  return (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name) === name) ?? 'identity';
}

/**
 * A whole document compressed in one call, on the event loop. Through a
 * compression stream per response (the `compression` middleware's way, on
 * libuv's threads) a member's page cost a sixth more CPU for the same bytes, and
 * a server on one core answered a fifth fewer of them (docs/decisions/014-member-pages.md).
 * The answer is always a buffer of its own, never `html` itself.
 */
export function compressDocument(html: Buffer<ArrayBuffer>, encoding: ContentEncoding): Buffer<ArrayBuffer> {
  if (encoding === 'br') return brotliCompressSync(html, { params: { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } });
  if (encoding === 'gzip') return gzipSync(html);
  return Buffer.from(html);
}
