import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { compressDocument, DOCUMENT_ENCODINGS, preferredEncoding } from '~/document/compression-settings';
import { pageCache, pageKey } from './page-cache';
import { pageParams } from './page-params';

const key = (url: string) => pageKey(url, pageParams);

describe('pageKey', () => {
  it('keeps only the parameters the page reads, sorted', () => {
    expect(key('/gallery?utm=1&count=24&after=3')).toEqual({ key: '/gallery?after=3&count=24', storable: false });
    expect(key('/gallery?count=24&after=3')).toEqual({ key: '/gallery?after=3&count=24', storable: true });
    expect(key('/?board=week&tutorial=2')).toEqual({ key: '/?board=week&tutorial=2', storable: true });
  });

  it('gives pages that read no parameter one key, whatever the query', () => {
    expect(key('/about?x=1')).toEqual({ key: '/about', storable: false });
    expect(key('/about')).toEqual({ key: '/about', storable: true });
    expect(key('/build/7?comments=all&x=1')?.key).toBe('/build/7?comments=all');
  });

  it("keeps only pages spelled as the site's own links spell them", () => {
    for (const path of [
      '/Gallery',
      '/gallery/',
      '/build/07',
      '/build/7.0',
      '/build/0x7',
      '/build/7/photos/02',
      '/build/7/photos/0',
      '/build/7/photos/',
      '/leaderboard/yesterday',
      '/%61bout',
      '/nowhere',
    ]) {
      expect(key(path), path).toBeUndefined();
    }
    expect(key('/leaderboard/all-time')?.key).toBe('/leaderboard/all-time');
    expect(key('/build/7/photos/2')?.key).toBe('/build/7/photos/2');
  });

  it('keeps a page only for values of its parameters that it reads as sent, each given once', () => {
    for (const url of [
      '/?tutorial=9',
      '/?tutorial=02',
      '/about?tutorial=x',
      '/?board=weekly',
      '/gallery?count=07',
      '/gallery?count=17',
      '/gallery?count=9999',
      '/gallery?after=-1',
      '/gallery?count=24&count=36',
      '/gallery?q=%204090',
      '/gallery?q=rtx++4090',
      '/gallery?sort=hot',
      '/gallery?sort=relevance',
      '/gallery?tag=null',
      '/gallery?tag=White-build',
      '/gallery?competition=07',
      '/gallery?competition=0',
      '/build/7?comments=some',
      '/build/7?comments=first',
      '/build/7?sort=new',
      '/build/7?sort=Top',
      '/build/7?sort=hot',
      '/build/7?replyTo=1e3',
      '/auth?redirectTo=//evil.example',
      '/auth?redirectTo=',
      '/auth?redirectTo=%2Fgallery%3Fcount%3D24',
      '/auth?tab=signup',
    ]) {
      expect(key(url), url).toBeUndefined();
    }
    for (const url of [
      '/?tutorial=5',
      '/gallery?count=240',
      '/gallery?after=12',
      '/gallery?q=NH-D15&sort=top&tag=white-build&competition=3&count=24',
      '/gallery?sort=trending',
      '/build/7?replyTo=3',
      '/auth?tab=register&method=password',
      '/build/7?comments=all&sort=top',
    ]) {
      expect(key(url)?.storable, url).toBe(true);
    }
  });

  it('never keys pages opened with a one-time token', () => {
    expect(key('/reset-password?token=abc')).toBeUndefined();
    expect(key('/auth/magic?token=abc')).toBeUndefined();
    expect(key('/verify-email')).toBeUndefined();
  });
});

describe('pageCache', () => {
  /**
   * A server rendering pages slowly, whose data changes when told to: it counts its renders.
   * `before` runs ahead of the page cache (the static files' lookup does in the app);
   * `renderMs` gives each render (1, 2, …) its time.
   */
  async function slowServer(before?: RequestHandler, renderMs: (render: number) => number = () => 50) {
    let version = 0;
    let renders = 0;
    const app = express();
    if (before) app.use(before);
    app.use(
      pageCache({
        version: () => String(version),
        maxAgeMs: 30_000,
        maxBytes: 1 << 20,
        maxVisitorBytes: 1 << 20,
        // Pages under /own/ are never kept for one visitor.
        params: (pathname, forOneVisitor) => (forOneVisitor && pathname.startsWith('/own/') ? 'unstored' : {}),
        // `mine=` names its visitor at once; `signed=` only once checked (as a signature is),
        // `signed=ok` being the site's; `ended=` is a session that is over.
        owner: (cookie) => {
          if (cookie.includes('ended=')) return undefined;
          if (cookie.includes('mine=')) return /mine=\w+/.exec(cookie)![0];
          return cookie.includes('signed=') ? Promise.resolve(cookie.includes('signed=ok') ? 'signed=ok' : null) : null;
        },
      }),
    );
    app.use((req, res) => {
      // As React Router's adapter does: a response whose client has gone is not sent.
      if (res.destroyed) return;
      renders += 1;
      const render = renders;
      // As entry.server.tsx does: one visitor's page leaves in the encoding they take, with its cookies if the render sets any.
      const encoding = res.locals.shared ? 'identity' : preferredEncoding(req, DOCUMENT_ENCODINGS);
      const html = `<!doctype html><html><body>render ${render}</body></html>`;
      setTimeout(() => {
        if (req.headers['x-sets-cookie']) res.setHeader('Set-Cookie', 'toast=; Max-Age=0');
        // As request-handler.ts marks a render that read its visitor's own cookies.
        if (req.headers['x-read-visitor']) res.setHeader('Cache-Control', 'private');
        if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
        // As React Router's adapter sends a body: written as its stream gives it, then ended.
        const body = compressDocument(Buffer.from(html), encoding);
        res.type('html').setHeader('Content-Length', body.length);
        res.write(body.subarray(0, 10));
        res.write(body.subarray(10));
        res.end();
      }, renderMs(render));
    });
    const server = createServer(app);
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      origin,
      write: () => (version += 1),
      renders: () => renders,
      close: () => new Promise((closed) => server.close(closed)),
    };
  }

  it.each([
    { whose: 'everyone', requests: 20, headers: {} as Record<string, string> },
    { whose: 'one visitor', requests: 10, headers: { cookie: 'mine=alice' } },
  ])(
    "lets requests that arrive while $whose's page of the same data is being rendered share that render",
    async ({ requests, headers }) => {
      const server = await slowServer();
      try {
        const answers = await Promise.all(Array.from({ length: requests }, () => fetch(`${server.origin}/gallery`, { headers })));
        expect(answers.map((answer) => answer.status)).toEqual(Array(requests).fill(200));
        const bodies = await Promise.all(answers.map((answer) => answer.text()));
        expect(new Set(bodies)).toEqual(new Set(['<!doctype html><html><body>render 1</body></html>']));
        expect(server.renders()).toBe(1);
      } finally {
        await server.close();
      }
    },
  );

  it('never hands a visitor a render that began before a write they came after', async () => {
    const server = await slowServer();
    try {
      const first = fetch(`${server.origin}/gallery`);
      // The write comes once the first render is under way (not after a guessed delay: a busy machine is slower to connect).
      while (server.renders() === 0) await new Promise((later) => setTimeout(later, 1));
      server.write();
      const second = fetch(`${server.origin}/gallery`);
      expect(await (await first).text()).toContain('render 1');
      expect(await (await second).text()).toContain('render 2');
      // Once stored, the page serves the data it was rendered from.
      expect(await (await fetch(`${server.origin}/gallery`)).text()).toContain('render 2');
      expect(server.renders()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('keeps the page of the newer data when a render begun before a write ends after the one begun after it', async () => {
    const server = await slowServer(undefined, (render) => (render === 1 ? 300 : 20));
    try {
      const first = fetch(`${server.origin}/gallery`);
      while (server.renders() === 0) await new Promise((later) => setTimeout(later, 1));
      server.write();
      expect(await (await fetch(`${server.origin}/gallery`)).text()).toContain('render 2');
      expect(await (await first).text()).toContain('render 1');
      // The first render's page, of the data before the write, is stored after the second's, and must not replace it.
      await new Promise((later) => setTimeout(later, 100));
      const again = await fetch(`${server.origin}/gallery`);
      expect(again.headers.get('x-page-cache')).toBe('hit');
      expect(await again.text()).toContain('render 2');
      expect(server.renders()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it.each([
    { check: 'answered at once', notPersonal: 'theirs=1; analytics=2', personal: 'theirs=1; mine=2' },
    { check: 'answered once checked', notPersonal: 'signed=forged', personal: 'signed=ok' },
  ])(
    'serves a visitor whose cookies are not personal the stored page, and renders for one with a personal cookie ($check)',
    async ({ notPersonal, personal }) => {
      const server = await slowServer();
      try {
        await (await fetch(`${server.origin}/gallery`)).text();
        const stored = await fetch(`${server.origin}/gallery`, { headers: { cookie: notPersonal } });
        expect(stored.headers.get('x-page-cache')).toBe('hit');
        expect(await stored.text()).toContain('render 1');
        const theirs = await fetch(`${server.origin}/gallery`, { headers: { cookie: personal } });
        expect(theirs.headers.get('x-page-cache')).toBeNull();
        expect(await theirs.text()).toContain('render 2');
      } finally {
        await server.close();
      }
    },
  );

  it("serves a visitor their own page again, never another visitor's or everyone's", async () => {
    const server = await slowServer();
    const page = async (cookie?: string) => {
      const answer = await fetch(`${server.origin}/gallery`, { headers: cookie ? { cookie } : {} });
      return { hit: answer.headers.get('x-page-cache') === 'hit', body: await answer.text() };
    };
    try {
      expect(await page('mine=alice')).toEqual({ hit: false, body: expect.stringContaining('render 1') });
      expect(await page('analytics=1; mine=alice')).toEqual({ hit: true, body: expect.stringContaining('render 1') });
      expect(await page('mine=bob')).toEqual({ hit: false, body: expect.stringContaining('render 2') });
      expect(await page()).toEqual({ hit: false, body: expect.stringContaining('render 3') });
      expect(await page('signed=ok')).toEqual({ hit: false, body: expect.stringContaining('render 4') });
      expect(await page('mine=bob')).toEqual({ hit: true, body: expect.stringContaining('render 2') });
      expect(await page()).toEqual({ hit: true, body: expect.stringContaining('render 3') });
      expect(await page('signed=ok')).toEqual({ hit: true, body: expect.stringContaining('render 4') });

      server.write();
      expect(await page('mine=alice')).toEqual({ hit: false, body: expect.stringContaining('render 5') });
    } finally {
      await server.close();
    }
  });

  it("never stores a render that read its visitor's own cookies as everyone's page, though the request looked signed out", async () => {
    const server = await slowServer();
    const page = async (headers: Record<string, string> = {}) => {
      const answer = await fetch(`${server.origin}/gallery`, { headers });
      return { hit: answer.headers.get('x-page-cache') === 'hit', body: await answer.text() };
    };
    try {
      expect(await page({ 'x-read-visitor': '1' })).toEqual({ hit: false, body: expect.stringContaining('render 1') });
      expect(await page()).toEqual({ hit: false, body: expect.stringContaining('render 2') });
      expect(await page()).toEqual({ hit: true, body: expect.stringContaining('render 2') });
      // One visitor's page is theirs: kept for them.
      expect(await page({ cookie: 'mine=alice', 'x-read-visitor': '1' })).toEqual({
        hit: false,
        body: expect.stringContaining('render 3'),
      });
      expect(await page({ cookie: 'mine=alice' })).toEqual({ hit: true, body: expect.stringContaining('render 3') });
    } finally {
      await server.close();
    }
  });

  it("keeps everyone's page though a compressor behind the cache compresses it on its way out", async () => {
    // The app's order: the compression middleware first, so the page cache is handed the document as rendered.
    const server = await slowServer(compression({ threshold: 0 }));
    const page = async () => {
      const answer = await fetch(`${server.origin}/gallery`, { headers: { 'accept-encoding': 'gzip' } });
      return [answer.headers.get('x-page-cache'), answer.headers.get('content-encoding'), await answer.text()];
    };
    try {
      expect(await page()).toEqual([null, 'gzip', expect.stringContaining('render 1')]);
      expect(await page()).toEqual(['hit', 'gzip', expect.stringContaining('render 1')]);
      expect(server.renders()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("keeps a visitor's page in the encoding it was sent in, for requests that take that encoding", async () => {
    const server = await slowServer();
    const page = async (acceptEncoding: string) => {
      const answer = await fetch(`${server.origin}/gallery`, { headers: { cookie: 'mine=alice', 'accept-encoding': acceptEncoding } });
      return [answer.headers.get('x-page-cache'), answer.headers.get('content-encoding'), await answer.text()];
    };
    try {
      expect(await page('gzip, br, zstd')).toEqual([null, 'zstd', expect.stringContaining('render 1')]);
      expect(await page('gzip, br')).toEqual([null, 'br', expect.stringContaining('render 2')]);
      expect(await page('identity')).toEqual([null, null, expect.stringContaining('render 3')]);
      expect(await page('zstd, br, gzip')).toEqual(['hit', 'zstd', expect.stringContaining('render 1')]);
      expect(await page('br, gzip')).toEqual(['hit', 'br', expect.stringContaining('render 2')]);
      expect(await page('identity')).toEqual(['hit', null, expect.stringContaining('render 3')]);
    } finally {
      await server.close();
    }
  });

  it("renders every time a visitor's page that sets a cookie, one of a page never kept for a visitor, or one whose session is over", async () => {
    const server = await slowServer();
    const hits = async (path: string, headers: Record<string, string>) => {
      const answers = [];
      for (let visit = 0; visit < 3; visit++)
        answers.push((await fetch(`${server.origin}${path}`, { headers })).headers.get('x-page-cache'));
      return answers;
    };
    try {
      expect(await hits('/gallery', { cookie: 'mine=alice', 'x-sets-cookie': '1' })).toEqual([null, null, null]);
      expect(await hits('/own/profile', { cookie: 'mine=alice' })).toEqual([null, null, null]);
      expect(await hits('/gallery', { cookie: 'mine=alice; ended=1' })).toEqual([null, null, null]);
      expect(server.renders()).toBe(9);
    } finally {
      await server.close();
    }
  });

  it('answers the next visitor when the one whose render they would share left before it began', async () => {
    let lookups = 0;
    let releaseLookup = () => {};
    const lookedUp = new Promise<void>((release) => (releaseLookup = release));
    // The first request waits here, as behind a busy thread pool, until its visitor has gone.
    const server = await slowServer((_req, _res, next) => {
      lookups += 1;
      if (lookups === 1) void lookedUp.then(() => next());
      else next();
    });
    try {
      const { port } = new URL(server.origin);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((connected) => socket.once('connect', connected));
      socket.write('GET /gallery HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      while (lookups === 0) await new Promise((later) => setTimeout(later, 1));
      socket.destroy();
      // The server has seen the socket close before the page cache sees the request.
      await new Promise((later) => setTimeout(later, 50));
      releaseLookup();
      await new Promise((later) => setTimeout(later, 10));

      const next = await fetch(`${server.origin}/gallery`, { signal: AbortSignal.timeout(2_000) });
      expect(next.status).toBe(200);
      expect(await next.text()).toContain('render 1');
    } finally {
      await server.close();
    }
  });
});
