import { request } from 'node:http';

export const FORTY_MB = 40 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

export type OversizedAnswer = { status: number; body: string; /** Bytes written before the answer came. */ sent: number; ms: number };

export type OversizedOptions = {
  chunked: boolean;
  bytes?: number;
  timeoutMs?: number;
  /** Sent with the body's own headers: a member's cookie, an address, an Origin. */
  headers?: Record<string, string>;
};

/**
 * Posts `bytes` of form data (JSON under /api/) the slow way a hostile client
 * would, 64 KB at a time, declared up front (Content-Length) or chunked, and
 * stops sending as soon as an answer arrives. Rejects if none comes within `timeoutMs`.
 */
export function postOversized(
  url: URL,
  { chunked, bytes = FORTY_MB, timeoutMs = 10_000, headers: extra = {} }: OversizedOptions,
): Promise<OversizedAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const headers: Record<string, string | number> = {
      'Content-Type': url.pathname.startsWith('/api/') ? 'application/json' : 'application/x-www-form-urlencoded',
      ...extra,
    };
    if (chunked) headers['Transfer-Encoding'] = 'chunked';
    else headers['Content-Length'] = bytes;
    const req = request(url, { method: 'POST', headers, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer from ${url.pathname} after ${sent} bytes`));
    }, timeoutMs);
    req.on('response', (res) => {
      answered = true;
      const ms = performance.now() - started;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent, ms });
      });
    });
    // Writes after the server closed the connection fail; the answer is what counts.
    req.on('error', () => {});
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
