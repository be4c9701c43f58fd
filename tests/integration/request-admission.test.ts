import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NETWORK_BUSY, SERVER_BUSY } from '../../server/request-admission';
import { call } from '#tests/support/api';
import { startApp } from '#tests/support/app-process';
import { Browser } from '#tests/support/browser';
import { startSilentSmtp } from '#tests/support/smtp-sink';
import { sharedApp } from '#tests/support/stack';
import { waitFor } from '#tests/support/wait';

// Each network's address is sent as X-Forwarded-For, which a server behind a proxy trusts.
const server = sharedApp({ TRUST_PROXY: 'true' });

type Answer = { status: number; headers: Record<string, string>; body: string; at: number };

/**
 * Opens a connection per request (each first answered once, so the server
 * holds them all), then sends every request while the server is stopped
 * (SIGSTOP), so that it reads them all at once when it goes on, before it has
 * answered any: what clients holding many open connections can do to a busy
 * server, without depending on how fast this machine is.
 */
type Sent = { path: string; address: string; method?: string; json?: unknown };

async function sendAtOnce(requests: Sent[]): Promise<Answer[]> {
  const { hostname, port } = new URL(server.app.origin);
  const sockets = await Promise.all(
    requests.map(
      () =>
        new Promise<Socket>((ready, failed) => {
          const socket = connect(Number(port), hostname, () => socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`));
          let read = '';
          const onData = (chunk: Buffer) => {
            read += chunk.toString('utf8');
            const end = read.indexOf('\r\n\r\n');
            const length = Number(/content-length: (\d+)/i.exec(read)?.[1] ?? 0);
            if (end === -1 || read.length < end + 4 + length) return;
            socket.off('data', onData);
            ready(socket);
          };
          socket.on('data', onData);
          socket.once('error', failed);
        }),
    ),
  );
  const pid = server.app.child.pid!;
  process.kill(pid, 'SIGSTOP');
  const answers = Promise.all(
    requests.map(({ path, address, method = 'GET', json }, index) => {
      const socket = sockets[index]!;
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      const answered = new Promise<Answer>((resolve) => socket.once('end', () => resolve(parse(Buffer.concat(chunks).toString('utf8')))));
      const body = json === undefined ? '' : JSON.stringify(json);
      const headers = [`Host: ${hostname}`, `X-Forwarded-For: ${address}`, 'Accept-Encoding: gzip', 'Connection: close'];
      if (body) headers.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`);
      return answered;
    }),
  );
  // Written to the loopback, every request is in the server's socket buffers now.
  await new Promise((resolve) => setTimeout(resolve, 100));
  process.kill(pid, 'SIGCONT');
  return answers;
}

let answersSeen = 0;
function parse(raw: string): Answer {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), at: ++answersSeen };
}

describe('page requests past what the server can render at once', () => {
  it("answer a network's flood at once past its share, and do not hold back another visitor's page", async () => {
    // Pages the page cache has never stored (a parameter they do not read keeps them
    // from being stored), so each is rendered, and compressed on the thread pool.
    const flood = Array.from({ length: 200 }, (_, index) => ({
      path: index % 4 === 0 ? `/api/builds/recent?flood=${index}` : `/privacy-policy?flood=${index}`,
      address: '198.51.100.7',
    }));
    // Another visitor asks last, after the whole flood.
    const answers = await sendAtOnce([...flood, { path: '/cookie-policy?other=1', address: '198.51.100.8' }]);
    const other = answers.pop();
    console.log(
      other!.at,
      answers.map((a) => (a.status === 200 ? 'o' : 'x')).join(''),
      answers
        .filter((a) => a.status === 200)
        .map((a) => a.at)
        .join(','),
    );

    expect(other!.status).toBe(200);
    const rendered = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(rendered.length).toBeGreaterThanOrEqual(64);
    // The other network's turn came while the flood's own requests were still waiting.
    expect(other!.at).toBeLessThan(Math.max(...rendered.map((answer) => answer.at)));
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 200) continue;
      expect(answer.status).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      if (flood[index]!.path.startsWith('/api/')) expect(JSON.parse(answer.body)).toEqual({ error: 'rate_limited', message: NETWORK_BUSY });
      else expect(answer.body).toBe(NETWORK_BUSY);
    }

    // Its places were given back as its requests ended.
    const [again] = await sendAtOnce([{ path: '/privacy-policy?after=1', address: '198.51.100.7' }]);
    expect(again!.status).toBe(200);
    expect((await server.app.fetch('/healthz')).status).toBe(200);
  });

  it('answer 503 once every place in the line is taken, by many networks at once', async () => {
    const answers = await sendAtOnce(
      Array.from({ length: 400 }, (_, index) => ({
        path: `/terms-of-service?many=${index}`,
        address: `203.0.113.${index % 200}`,
      })),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect(answer.body).toBe(SERVER_BUSY);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await server.app.fetch('/terms-of-service?after=1')).status).toBe(200);
  });
});

describe('writes past what the server works on at once', () => {
  it("answer a network's flood at once past its share, in a line of their own: another network's page and write go on", async () => {
    const flood = Array.from({ length: 120 }, () => ({ path: '/api/logout', address: '198.51.100.21', method: 'POST', json: {} }));
    const answers = await sendAtOnce([
      ...flood,
      { path: '/api/logout', address: '198.51.100.22', method: 'POST', json: {} },
      { path: '/cookie-policy?other=2', address: '198.51.100.23' },
    ]);
    const [write, page] = answers.splice(-2);
    expect(write!.status).toBe(200);
    expect(page!.status).toBe(200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(32);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(answer.body)).toEqual({ error: 'rate_limited', message: NETWORK_BUSY });
    }
  });
});

describe('a mail server that never answers', () => {
  it('keeps the sign-ins waiting on it, and neither pages nor other writes behind them', async () => {
    const mail = await startSilentSmtp();
    const app = await startApp({ TRUST_PROXY: 'true', SMTP_URL: mail.url });
    try {
      // Sign-in codes asked for from eight networks, two each: more than the writes worked on at once.
      const signIns = Array.from({ length: 16 }, (_, index) =>
        call(new Browser(app, `198.51.100.${40 + (index % 8)}`), 'POST', '/api/request-login-code', {
          email: `waiting${index}@example.com`,
        }),
      );
      await waitFor(() => mail.connections() >= 4);
      const started = performance.now();
      const page = await new Browser(app, '198.51.100.60').request('/terms-of-service?while=mail');
      const pageMs = performance.now() - started;
      const write = await call(new Browser(app, '198.51.100.61'), 'POST', '/api/logout', {});
      const writeMs = performance.now() - started;
      expect(page.status).toBe(200);
      expect(pageMs).toBeLessThan(1000);
      expect(write.status).toBe(200);
      // Behind the sign-ins that took the writes' places first, each for a second at most.
      expect(writeMs).toBeLessThan(3000);
      // Every sign-in went on to the mail server, which has answered none of them.
      await waitFor(() => mail.connections() >= 16);
      let answered = 0;
      for (const signIn of signIns) void signIn.then(() => (answered += 1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(0);
      await mail.stop();
      for (const signIn of await Promise.all(signIns)) expect(signIn.status).toBe(503);
    } finally {
      await mail.stop();
      await app.stop();
    }
  }, 30_000);
});
