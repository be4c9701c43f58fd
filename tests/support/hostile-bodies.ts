import { get } from 'node:http';
import { setTimeout } from 'node:timers/promises';
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
  return multipartFields(Array.from({ length: parts }, () => ['a', '']));
}

/** A multipart/form-data body (MULTIPART_TYPE) of these text fields. */
export function multipartFields(fields: Array<[name: string, value: string]>): Buffer {
  const parts = fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`);
}

/**
 * An e-mail address no form takes, and a field naming item 4 294 967 294 of a list:
 * Conform makes an array of that length of it, which the rejected form's reply
 * walked slot by slot for hours.
 */
export const LIST_BOMB = Buffer.from('email=bad&a%5B4294967294%5D=1');
/** A form whose Conform intent is no JSON, which Conform threw on. */
export const BAD_INTENT = Buffer.from('email=bad&__intent__=notjson');

/** The pause between two asks of watchHealth: far below the second a refusal may take. */
const HEALTH_PACE_MS = 20;

/**
 * Asks `/healthz` again and again, HEALTH_PACE_MS after each answer, until
 * stopped, which answers the longest the server went without answering it (from
 * the start, and until the stop): at least as long as its one thread was kept
 * from anything else meanwhile. Asking without a pause cost the server and the
 * test a core's worth of answers. Each on a connection of its own, closed after
 * it, so none is left open when the server stops.
 */
export function watchHealth(site: Pick<Site, 'origin'>): { stop: () => number } {
  let answered = performance.now();
  let longest = 0;
  let stopped = false;
  const ask = () =>
    new Promise<void>((done) => {
      const request = get(new URL('/healthz', site.origin), { agent: false }, (response) => response.resume().once('end', done));
      request.once('error', () => done());
    });
  void (async () => {
    while (!stopped) {
      await ask();
      longest = Math.max(longest, performance.now() - answered);
      answered = performance.now();
      await setTimeout(HEALTH_PACE_MS);
    }
  })();
  return {
    stop() {
      stopped = true;
      return Math.max(longest, performance.now() - answered);
    },
  };
}
