import { brotliCompressSync, constants as zlib, gzipSync, zstdCompressSync } from 'node:zlib';

/**
 * Brotli's default 4 MB window, allocated per response, held hundreds of MB under
 * load; documents are under 128 KB, which a 256 KB window covers. Quality 3 takes
 * half the CPU of 4 on our pages for 6 % more bytes (docs/decisions/014-member-pages.md);
 * pages every visitor shares are compressed once, harder, by the page cache.
 */
export const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_LGWIN]: 18 } as const;

/**
 * Zstandard at level 3 makes the same bytes as brotli at quality 3 on our pages in
 * half its CPU or less (014). Its window and match tables are sized for documents
 * under 128 KB. Its workspace is allocated per response, mapped afresh when glibc's
 * heap has no free block that size and faulted in page by page: level 3's own
 * tables made it 0.65-1.15 MB, these 64 KB make it 0.33-0.81 MB, for 0.5 % more
 * bytes in half the time (docs/performance/member-pages.md).
 */
const ZSTD_PARAMS = {
  [zlib.ZSTD_c_compressionLevel]: 3,
  [zlib.ZSTD_c_windowLog]: 17,
  [zlib.ZSTD_c_hashLog]: 13,
  [zlib.ZSTD_c_chainLog]: 13,
} as const;

export type ContentEncoding = 'zstd' | 'br' | 'gzip' | 'identity';

/** What a stored page is kept in: compressed once, as hard as brotli and gzip go. */
export const STORED_ENCODINGS = ['br', 'gzip'] as const;
/** What a document rendered for one visitor is compressed in, on the spot: Zstandard first where the browser takes it. */
export const DOCUMENT_ENCODINGS = ['zstd', 'br', 'gzip'] as const;

/** The encoding a response is sent in: ours is the preference (the order of `offered`), the client says what it accepts. */
export function preferredEncoding<Offered extends ContentEncoding>(
  req: { acceptsEncodings(encoding: string): string | false },
  offered: readonly Offered[],
): Offered | 'identity' {
  return offered.find((name) => req.acceptsEncodings(name) === name) ?? 'identity';
}

/**
 * A whole document compressed in one call, on the event loop. Through a
 * compression stream per response (the `compression` middleware's way, on
 * libuv's threads) a member's page cost a sixth more CPU for the same bytes, and
 * a server on one core answered a fifth fewer of them (docs/decisions/014-member-pages.md).
 * The answer is always a buffer of its own, never `html` itself.
 */
export function compressDocument(html: Buffer<ArrayBuffer>, encoding: ContentEncoding): Buffer<ArrayBuffer> {
  if (encoding === 'zstd') return zstdCompressSync(html, { params: ZSTD_PARAMS, pledgedSrcSize: html.length });
  if (encoding === 'br') return brotliCompressSync(html, { params: { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } });
  if (encoding === 'gzip') return gzipSync(html);
  return Buffer.from(html);
}
