import { get } from 'node:http';
import type { Site } from './browser';

/** The boundary the multipart bodies here are written with. */
const BOUNDARY = 'hostile-boundary-7f3a';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * A plain form that starts like a real one (`start`, already encoded) and goes
 * on with `fields` more fields: `a` alone, or `a=1` with `values`. Conform's
 * parseWithZod gathers a repeated name with a copy per value, so 32 000 of them
 * (64 KB) took it 12 s.
 */
export function fieldBomb(fields: number, { start = 'email=x%40example.com', values = false } = {}): Buffer {
  return Buffer.from(`${start}&${(values ? 'a=1&' : 'a&').repeat(fields)}`);
}

/** A multipart/form-data body (MULTIPART_TYPE) of `parts` empty text fields named `a`. */
export function multipartBomb(parts: number): Buffer {
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n`;
  return Buffer.from(`${part.repeat(parts)}--${BOUNDARY}--\r\n`);
}

/**
 * Asks `/healthz` one request after another until stopped, which answers the
 * longest any of them took, the one still waiting included: how long the
 * server's one thread was kept from anything else meanwhile. Each on a
 * connection of its own, closed after it, so none is left open when the server stops.
 */
export function watchHealth(site: Pick<Site, 'origin'>): { stop: () => number } {
  let slowest = 0;
  let asked: number | undefined;
  let stopped = false;
  const ask = () =>
    new Promise<void>((done) => {
      const request = get(new URL('/healthz', site.origin), { agent: false }, (response) => response.resume().once('end', done));
      request.once('error', () => done());
    });
  void (async () => {
    while (!stopped) {
      asked = performance.now();
      await ask();
      slowest = Math.max(slowest, performance.now() - asked);
      asked = undefined;
    }
  })();
  return {
    stop() {
      stopped = true;
      return Math.max(slowest, asked === undefined ? 0 : performance.now() - asked);
    },
  };
}
