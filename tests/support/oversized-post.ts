import { request } from 'node:http';

export const FORTY_MB = 40 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const CHUNK = Buffer.alloc(CHUNK_BYTES, 'a');

export type OversizedAnswer = { status: number; body: string; /** Bytes written before the answer came. */ sent: number; ms: number };

export type OversizedOptions = {
  method?: string;
  chunked: boolean;
  bytes?: number;
  timeoutMs?: number;
  /** Sent with the body's own headers: a member's cookie, an address, an Origin. */
  headers?: Record<string, string>;
};

/**
 * Posts (or sends with `method`) `bytes` of form data (JSON under /api/) the
 * slow way a hostile client would, 64 KB at a time, declared up front
 * (Content-Length) or chunked, and stops sending as soon as an answer arrives.
 * Rejects if none comes within `timeoutMs`.
 */
export function postOversized(
  url: URL,
  { method = 'POST', chunked, bytes = FORTY_MB, timeoutMs = 10_000, headers = {} }: OversizedOptions,
): Promise<OversizedAnswer> {
  const chunks = function* () {
    for (let sent = 0; sent < bytes; sent += CHUNK_BYTES) yield CHUNK.subarray(0, Math.min(CHUNK_BYTES, bytes - sent));
  };
  const contentType = url.pathname.startsWith('/api/') ? 'application/json' : 'application/x-www-form-urlencoded';
  return post(url, chunks(), {
    method,
    declared: chunked ? undefined : bytes,
    timeoutMs,
    headers: { 'Content-Type': contentType, ...headers },
  });
}

export type BodyOptions = {
  method?: string;
  chunked?: boolean;
  timeoutMs?: number;
  /** The body's Content-Type among them, and a member's cookie, an address, an Origin. */
  headers?: Record<string, string>;
};

/**
 * Sends `body` as it is (POST unless `method` says otherwise), 64 KB at a time,
 * declared up front unless `chunked`, and stops sending as soon as an answer
 * arrives. Rejects if none comes within `timeoutMs`.
 */
export function postBody(
  url: URL,
  body: Buffer,
  { method = 'POST', chunked = false, timeoutMs = 10_000, headers = {} }: BodyOptions = {},
): Promise<OversizedAnswer> {
  const chunks = function* () {
    for (let at = 0; at < body.length; at += CHUNK_BYTES) yield body.subarray(at, at + CHUNK_BYTES);
  };
  return post(url, chunks(), { method, declared: chunked ? undefined : body.length, timeoutMs, headers });
}

type Sending = { method: string; declared: number | undefined; timeoutMs: number; headers: Record<string, string> };

function post(url: URL, chunks: Iterator<Buffer>, { method, declared, timeoutMs, headers: extra }: Sending): Promise<OversizedAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const headers: Record<string, string | number> = { ...extra };
    if (declared === undefined) headers['Transfer-Encoding'] = 'chunked';
    else headers['Content-Length'] = declared;
    const req = request(url, { method, headers, agent: false });
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
      while (!answered) {
        const next = chunks.next();
        if (next.done) return void req.end();
        sent += next.value.length;
        if (!req.write(next.value)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}
