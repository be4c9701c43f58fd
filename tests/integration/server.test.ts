import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MEMORY_ENV, MEMORY_FLAGS } from '../../server/memory-settings';
import { runAppExpectingFailure, startApp } from '#tests/support/app-process';
import { openAppDatabase, rankLeaderboardsNow } from '#tests/support/test-database';
import { endedSessionCookie, visitorCookie } from '#tests/support/cookies';
import { scriptsNotAllowedByHash } from '#tests/support/csp';
import { sharedApp } from '#tests/support/stack';
import { askedTwice, storedPage } from '#tests/support/page-cache';
import { waitFor } from '#tests/support/wait';

const server = sharedApp({}, { freshDatabase: true });

const pageTitle = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

const text = async (path: string) => {
  const response = await server.app.fetch(path);
  return { response, body: await response.text() };
};

describe('start-up', () => {
  it('creates the SQLite file and its folder, with every table migrated, in WAL mode', () => {
    expect(existsSync(server.app.databasePath)).toBe(true);
    const sqlite = openAppDatabase(server.app.databasePath, { readonly: true });
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'builds',
        'ratings',
        'comments',
        'achievement_types',
        'user_achievements',
        'competitions',
        'competition_entries',
        'share_tokens',
        'temp_uploads',
        'sessions',
        'images',
        'image_variants',
        'jobs',
      ]),
    );
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    sqlite.close();
  });

  it('refuses to start with a readable message when the configuration is invalid', async () => {
    const { code, output } = await runAppExpectingFailure({ PORT: 'eighty', ROAST_PROVIDER: 'gpt' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT must be a number (got "eighty")');
    expect(output).toMatch(/ROAST_PROVIDER .*ollama.*builtin/);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('requires SESSION_SECRET in production', async () => {
    const { code, output } = await runAppExpectingFailure({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toContain('SESSION_SECRET is required when NODE_ENV=production');
  });

  it('refuses to print sign-in codes to a production log unless MAIL_TO_LOG=true', async () => {
    const { code, output } = await runAppExpectingFailure({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(code).toBe(1);
    expect(output).toContain('SMTP_URL is required when NODE_ENV=production');
    expect(output).toContain('MAIL_TO_LOG=true');
  });

  it('runs with its memory settings when started as plain `node build/server/index.js`, keeping the PID it was given', async () => {
    const { pid } = server.app.child;
    const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
    expect(argv).toEqual(expect.arrayContaining([...MEMORY_FLAGS, expect.stringMatching(/build\/server\/index\.js$/)]));
    expect(environment).toEqual(expect.arrayContaining(Object.entries(MEMORY_ENV).map(([name, value]) => `${name}=${value}`)));
  });

  it('loads libvips only once it handles an image: serving pages costs no image library (decision 015)', async () => {
    const fresh = await startApp();
    try {
      for (const path of ['/', '/gallery', '/leaderboard', '/about']) expect((await fresh.fetch(path)).status).toBe(200);
      const maps = await readFile(`/proc/${fresh.child.pid}/maps`, 'utf8');
      expect(maps).toMatch(/better-sqlite3/);
      expect(maps).not.toMatch(/libvips/);
    } finally {
      await fresh.stop();
    }
  });

  it('is built in ASCII, so V8 keeps its sources at one byte a character (decision 015)', async () => {
    const folder = resolve(import.meta.dirname, '../../build/server');
    const scripts = (await readdir(folder)).filter((name) => name.endsWith('.js'));
    expect(scripts).toEqual(expect.arrayContaining(['index.js', 'screening-worker.js']));
    for (const name of scripts) {
      const source = await readFile(join(folder, name), 'latin1');
      expect({ name, beyondAscii: /[\u0080-\uffff]/.test(source) }).toEqual({ name, beyondAscii: false });
    }
  });

  it("keeps the operator's own values for the memory settings", async () => {
    const other = await startApp({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-semi-space-size=16' });
    try {
      const { pid } = other.child;
      const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      expect(argv.filter((arg) => arg.startsWith('--max-semi-space-size'))).toEqual([]);
      expect(environment).toEqual(
        expect.arrayContaining(['MALLOC_ARENA_MAX=4', `MALLOC_MMAP_THRESHOLD_=${MEMORY_ENV.MALLOC_MMAP_THRESHOLD_}`]),
      );
      expect((await other.fetch('/healthz')).status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it('stops cleanly on SIGTERM', async () => {
    const other = await startApp();
    expect(await other.stop('SIGTERM')).toBe(0);
    expect(other.output()).toContain('Stopped');
  });

  it('stops as soon as the requests in flight at SIGTERM are answered, closing their kept-alive connections then', async () => {
    const other = await startApp();
    try {
      const { port } = new URL(other.origin);
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      const closed = new Promise<void>((resolveClose) => socket.once('close', () => resolveClose()));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      // A request the server answers once its body has arrived, which it has not when the signal comes: in flight.
      const body = JSON.stringify({ email: 'late@example.com' });
      socket.write(
        `POST /api/request-login-code HTTP/1.1\r\nHost: ${other.origin.slice('http://'.length)}\r\nOrigin: ${other.origin}\r\n` +
          `Content-Type: application/json\r\nConnection: keep-alive\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      const exited = new Promise<number | null>((resolveExit) => other.child.once('exit', resolveExit));
      other.child.kill('SIGTERM');
      await waitFor(() => other.output().includes('SIGTERM received'));
      socket.write(body.slice(5));
      await waitFor(() => answer.includes('\r\n\r\n'));
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      // Answered, its connection idle: closed then, well inside the 10 s grace period a connection left open would wait out.
      const outcome = await Promise.race([exited, new Promise((resolveLate) => setTimeout(() => resolveLate('still running'), 5_000))]);
      expect(outcome).toBe(0);
      await closed;
    } finally {
      await other.stop();
    }
  });
});

describe('GET /healthz', () => {
  it('answers 200 JSON with ok: true once the database answers', async () => {
    const response = await server.app.fetch('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ ok: true, database: 'ok', roaster: 'builtin' });
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there: 404, with or without a token', async () => {
    for (const headers of [{}, { Authorization: 'Bearer anything-at-all-0123' }] as Record<string, string>[]) {
      const response = await server.app.fetch('/metrics', { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('rigroast_');
    }
  });
});

describe('routes of product §2', () => {
  const screens: [path: string, heading: RegExp][] = [
    ['/', /Get your rig/],
    ['/gallery', /Battle Archive/],
    ['/leaderboard', /Dominance Rankings/],
    ['/leaderboard/week', /Dominance Rankings/],
    ['/leaderboard/nonsense', /Dominance Rankings/],
    ['/upload', /Deploy your battle station/],
    ['/auth', /Log in/],
    ['/auth?tab=register', /Create your account/],
    ['/verify-email?token=abc', /Verification Failed/],
    ['/forgot-password', /Send Reset Link/],
    ['/reset-password?token=abc', /Invalid Reset Link/],
    ['/competitions', /Competitions/],
    ['/past-competitions', /Past <span[^>]*>competitions/],
    ['/terms-of-service', /Terms of Service/],
    ['/privacy-policy', /Privacy Policy/],
    ['/cookie-policy', /Cookie Policy/],
    ['/about', /About/],
  ];

  it.each(screens)('%s answers 200 inside the shared layout', async (path, heading) => {
    const { response, body } = await text(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(body).toMatch(heading);
    // The real layout: header navigation and footer on every screen.
    expect(body).toContain('aria-label="Main"');
    expect(body).toContain('href="/leaderboard/all-time"');
    expect(body).toContain('href="/privacy-policy"');
  });

  it.each(['/profile', '/admin'])('sends visitors from the protected %s to /auth', async (path) => {
    const response = await server.app.fetch(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
  });

  it('redirects /builds/{id} to /build/{id}', async () => {
    const response = await server.app.fetch('/builds/42');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/build/42');
  });

  it('answers an unknown build with a 404 page that says the build is missing', async () => {
    const { response, body } = await text('/build/999999');
    expect(response.status).toBe(404);
    expect(body).toContain('Build not found');
    expect(body).toContain('This build does not exist or was taken down.');
  });

  it('answers an unknown share link with the documented text and status 404', async () => {
    const { response, body } = await text('/share/not-a-real-token');
    expect(response.status).toBe(404);
    expect(body).toContain('This shared build link has expired or does not exist.');
    expect(body).toContain('Return to Home');
  });

  it('answers any other path with the 404 page and status 404', async () => {
    for (const path of ['/definitely/not/here', '/404', '/build']) {
      const { response, body } = await text(path);
      expect(response.status, path).toBe(404);
      expect(body).toContain('404 Page Not Found');
      expect(body).toContain('There is no page at this address.');
      // A developer's message, not a visitor's.
      expect(body).not.toContain('Did you forget to add the page to the router?');
    }
  });
});

describe('home page', () => {
  it('shows the empty states while nothing is uploaded, no member count for a handful of members, and the first-visit tutorial', async () => {
    const { body } = await text('/');
    expect(body).not.toContain('gamers');
    expect(body).toContain('Welcome to RigRoast');
    expect(body).toContain('NO BUILDS DETECTED. DEPLOY YOUR BATTLE STATION FIRST!');
    expect(body).toContain('There are no active competitions at the moment.');
    expect(body).toContain('View Past Competitions');
    expect(body).toContain('NO BUILDS RANKED YET. DEPLOY YOUR RIG TO DOMINATE!');
    for (const tab of ['Today', 'Weekly', 'Monthly', 'All Time']) expect(body).toContain(`>${tab}</a>`);
  });

  it('lists real builds, competitions and rankings once they exist', async () => {
    const sqlite = openAppDatabase(server.app.databasePath);
    const now = Date.now();
    const user = sqlite
      .prepare("insert into users (username, username_key, email) values ('GlowKing', 'glowking', 'glow@example.com')")
      .run();
    const image = sqlite.prepare("insert into images (hash, width, height) values ('abc', 100, 100)").run();
    const build = sqlite
      .prepare(
        "insert into builds (user_id, title, image_id, roast, average_rating, rating_count, total_rating) values (?, 'Aurora White', ?, 'So much RGB it has its own weather.', 4, 1, 4)",
      )
      .run(user.lastInsertRowid, image.lastInsertRowid);
    sqlite
      .prepare('insert into ratings (build_id, user_id, rating, created_at, updated_at) values (?, ?, 4, ?, ?)')
      .run(build.lastInsertRowid, user.lastInsertRowid, now, now);
    sqlite
      .prepare(
        "insert into competitions (title, description, theme, start_date, end_date, prize_description) values ('Winter Glow', 'Show your frostiest build.', 'All-white builds', ?, ?, 'A trophy\nBragging rights')",
      )
      .run(now - 86_400_000, now + 3 * 86_400_000 - 60_000);
    const members = sqlite.prepare('select count(*) from users where is_disabled = 0').pluck().get() as number;
    const join = sqlite.prepare('insert into users (username, username_key, email) values (?, ?, ?)');
    for (let n = members; n < 60; n++) join.run(`Gamer${n}`, `gamer${n}`, `gamer${n}@example.com`);
    sqlite.close();
    await rankLeaderboardsNow(server.app.databasePath);

    const { body } = await text('/');
    expect(body).toContain(`Join ${Math.max(members, 60)}+ gamers`);
    expect(body).toContain('Aurora White');
    expect(body).toContain('@<!-- -->GlowKing');
    expect(body).toContain('So much RGB it has its own weather.');
    expect(body).toContain('Winter Glow');
    expect(body).toContain('3 days left');
    expect(body).toContain('View Competition');
    expect(body).toContain('#<!-- -->1');
    expect(body).not.toContain('NO BUILDS DETECTED');
    expect(body).not.toContain('NO BUILDS RANKED YET');

    const { response, body: buildPage } = await text(`/build/${build.lastInsertRowid}`);
    expect(response.status).toBe(200);
    // A newcomer who follows a link to a build sees the build, not the tutorial over it.
    expect(buildPage).toContain('Aurora White');
    expect(buildPage).not.toContain('Welcome to RigRoast');
  });
});

describe('security', () => {
  it('sends a nonce-based Content-Security-Policy and hardening headers with every page rendered for one response', async () => {
    // A page opened with a one-time token is never kept: rendered for this response, with its own nonce.
    const response = await server.app.fetch('/reset-password?token=abc');
    const body = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(body).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();

    const second = await server.app.fetch('/reset-password?token=abc');
    expect(second.headers.get('content-security-policy')).not.toBe(csp);
    expect(second.headers.get('x-page-cache')).toBeNull();
  });

  it('serves a signed-out visitor whose only cookies are other sites’ (a CDN’s, analytics) the stored page', async () => {
    await server.app.fetch('/terms-of-service');
    const stored = await storedPage(server.app, '/terms-of-service', { Cookie: '_ga=GA1.1.42; __cf_bm=abc' });
    expect(stored.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(await stored.text()).toContain('Log in');
  });

  it('serves a visitor whose cookies of ours are made up or emptied the stored page, not a render of their own', async () => {
    // Each such request was rendered before: a guest could make the server render every page they asked for.
    await server.app.fetch('/cookie-policy');
    const stored = await storedPage(server.app, '/cookie-policy');
    const body = await stored.text();
    for (const cookie of ['rr_session=forged', 'rr_session=x.y; toast=made-up; rr_auth_flow=', 'toast=']) {
      const answer = await server.app.fetch('/cookie-policy', { headers: { Cookie: cookie } });
      expect(answer.headers.get('x-page-cache'), cookie).toBe('hit');
      expect(await answer.text(), cookie).toBe(body);
    }
    // A session cookie the site signed for a session that is over is a guest's too: the stored page, the cookie cleared.
    const ended = await server.app.fetch('/cookie-policy', { headers: { Cookie: `_ga=1; ${await endedSessionCookie(server.app)}` } });
    expect(ended.headers.get('x-page-cache')).toBe('hit');
    expect(await ended.text()).toBe(body);
    expect(ended.headers.getSetCookie()).toEqual([expect.stringMatching(/^rr_session=;.*Max-Age=0/i)]);
    expect(ended.headers.get('cache-control')).toMatch(/^private\b/);
  });

  it('serves signed-out visitors a stored page whose inline scripts are allowed by hash', async () => {
    const first = await server.app.fetch('/privacy-policy');
    const body = await first.text();
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('nonce-');
    expect(body).not.toMatch(/nonce="[^"]/);
    expect(scriptsNotAllowedByHash(body, csp)).toEqual([]);

    // Compressed once with brotli's best, which a browser that also takes Zstandard gets too.
    const again = await storedPage(server.app, '/privacy-policy', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(again.headers.get('content-security-policy')).toBe(csp);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await again.text()).toBe(body);
  });

  it('renders a stored page again once the database changes', async () => {
    await server.app.fetch('/gallery');
    await storedPage(server.app, '/gallery');
    const sqlite = openAppDatabase(server.app.databasePath);
    sqlite.prepare("insert into users (username, username_key, email) values ('CacheBuster', 'cachebuster', 'buster@example.com')").run();
    sqlite.close();
    expect((await server.app.fetch('/gallery')).headers.get('x-page-cache')).toBeNull();
    await storedPage(server.app, '/gallery');
  });

  it('answers signed-out visitors while hundreds of others leave as soon as they have asked', async () => {
    // Each of these once left a shared render that never settled, and everyone after them waited on it.
    const paths = ['/', '/_.data', '/gallery', '/gallery.data', '/about', '/about.data'];
    const { hostname, port } = new URL(server.app.origin);
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        Array.from(
          { length: 300 },
          (_, index) =>
            new Promise<void>((left) => {
              const socket = connect(Number(port), hostname, () => {
                socket.write(`GET ${paths[index % paths.length]} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
                setTimeout(() => socket.destroy(), index % 3);
              });
              socket.on('close', () => left());
              socket.on('error', () => {});
            }),
        ),
      );
      // The burst came from this test's own network: until the server has read what it left
      // (one page a turn), the network's share of the line may still be full, and a refusal
      // (429, with when to try again) is its answer; a render that never settles is not.
      const answers = await Promise.all(
        paths.map((path) =>
          waitFor(
            async () => {
              const response = await server.app.fetch(path, { signal: AbortSignal.timeout(5_000) });
              await response.arrayBuffer();
              if (response.status !== 429) return response.status;
              expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
              return null;
            },
            { timeoutMs: 5_000, intervalMs: 50 },
          ),
        ),
      );
      expect(answers).toEqual(paths.map(() => 200));
    }
  });

  it('reads every request-target as a path of this site: an address in it routes nothing', async () => {
    const { hostname, port } = new URL(server.app.origin);
    const ask = (method: string, path: string) =>
      new Promise<{ status: number; body: string }>((answered, failed) =>
        request({ host: hostname, port, method, path }, (answer) => {
          let body = '';
          answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          answer.on('end', () => answered({ status: answer.statusCode ?? 0, body }));
        })
          .on('error', failed)
          .end(),
      );
    const about = pageTitle((await text('/about')).body);
    for (const path of ['http://evil.example/about', '//about', '/\\about', '/gallery/../about', '/x/%2e%2e/about']) {
      const answer = await ask('GET', path);
      expect([answer.status, pageTitle(answer.body)], path).toEqual([200, about]);
    }
    expect((await ask('OPTIONS', '*')).status).toBe(400);
  });

  it('serves the stored page whatever else the query string carries, and stores nothing for it', async () => {
    const stored = await (await storedPage(server.app, '/about')).text();
    for (const junk of ['?utm_source=x', `?${Math.random()}=1`, '?a=1&b=2&tutorial2=3']) {
      const response = await server.app.fetch(`/about${junk}`);
      expect(response.headers.get('x-page-cache'), junk).toBe('hit');
      expect(await response.text()).toBe(stored);
    }
    // Rendered, but never kept under a key of its own.
    await server.app.fetch('/terms-of-service?nonce=1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await server.app.fetch('/terms-of-service?nonce=1')).headers.get('x-page-cache')).toBeNull();
  });

  it('stores nothing for a value a page does not read as sent, nor for a spelling of its path its links never use', async () => {
    for (const path of [
      '/about?tutorial=x1',
      '/?tutorial=02',
      '/gallery?count=0999',
      '/auth?redirectTo=%2F%2Fevil.example',
      '/About',
      '/gallery/',
    ]) {
      expect((await server.app.fetch(path)).status, path).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await server.app.fetch(path)).headers.get('x-page-cache'), path).toBeNull();
    }
  });

  it('renders the sign-in page for each page to go back to, and stores none: any path would be a page of its own', async () => {
    for (const path of ['/auth?redirectTo=%2Fbuild%2F424242', '/auth?redirectTo=%2Fupload', '/auth?tab=register&redirectTo=%2Fmade-up-1']) {
      const page = await askedTwice(server.app, path, '/auth');
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-page-cache'), path).toBeNull();
      expect(await page.text(), path).toContain(`name="redirectTo" value="${decodeURIComponent(/redirectTo=([^&]*)/.exec(path)![1]!)}"`);
    }
  });

  it('stores a page per value of a parameter it reads, in any order', async () => {
    await server.app.fetch('/auth?tab=register&method=password');
    const register = await (await storedPage(server.app, '/auth?method=password&tab=register&utm_campaign=spring')).text();
    await server.app.fetch('/auth');
    const login = await (await storedPage(server.app, '/auth')).text();
    expect(register).not.toBe(login);
  });

  it('never stores pages opened with a one-time token', async () => {
    await server.app.fetch('/reset-password?token=abc');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await server.app.fetch('/reset-password?token=abc')).headers.get('x-page-cache')).toBeNull();
  });

  it('sends a personal page whole, compressed in the encoding the visitor takes', async () => {
    const personal = async (acceptEncoding: string) =>
      server.app.fetch('/about', { headers: { Cookie: await visitorCookie(server.app), 'Accept-Encoding': acceptEncoding } });
    for (const [accepted, sent] of [
      ['gzip, deflate, br, zstd', 'zstd'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await personal(accepted);
      expect(response.headers.get('content-encoding'), accepted).toBe(sent);
      expect(response.headers.get('vary'), accepted).toContain('Accept-Encoding');
      expect(response.headers.get('x-page-cache'), accepted).toBeNull();
      const body = await response.text();
      expect(body, accepted).toMatch(/^<!DOCTYPE html>[\s\S]*About[\s\S]*<\/html>$/);
      expect(scriptsNotAllowedByHash(body, response.headers.get('content-security-policy') ?? ''), accepted).toEqual([]);
    }
    const head = await server.app.fetch('/about', {
      method: 'HEAD',
      headers: { Cookie: await visitorCookie(server.app), 'Accept-Encoding': 'br' },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('sends each of many personal pages asked for at once whole and as its own, whatever their sizes and encodings', async () => {
    const pages = ['/about', '/gallery', '/', '/privacy-policy'];
    const encodings = ['zstd', 'br', 'gzip', 'identity'];
    const fetchPage = async (path: string, acceptEncoding: string) => {
      const response = await server.app.fetch(path, {
        headers: { Cookie: await visitorCookie(server.app), 'Accept-Encoding': acceptEncoding },
      });
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? 'none';
      return (await response.text()).replaceAll(nonce, 'NONCE');
    };
    const alone = new Map<string, string>();
    for (const path of pages) alone.set(path, await fetchPage(path, 'identity'));
    const asked = Array.from({ length: 36 }, (_, index) => ({
      path: pages[index % pages.length]!,
      encoding: encodings[index % encodings.length]!,
    }));
    const together = await Promise.all(asked.map(({ path, encoding }) => fetchPage(path, encoding)));
    together.forEach((body, index) => expect(body, `${asked[index]!.path} ${asked[index]!.encoding}`).toBe(alone.get(asked[index]!.path)));
  });

  it('never shows a stack trace, even for malformed paths', async () => {
    for (const path of ['/build/%E0%A4%A', '/%E0%A4%A', '/assets/%E0%A4%A', '/favicon.svg%E0%A4%A']) {
      const { response, body } = await text(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      // A stack frame looks like "at fn (/path/file.js:12:34)".
      expect(body, path).not.toMatch(/at [^\s(]+ \([^)]*:\d+:\d+\)|node_modules\//);
    }
  });

  it('serves fingerprinted assets as immutable and compresses pages', async () => {
    const { body } = await text('/');
    const asset = /\/assets\/[\w.-]+\.js/.exec(body)?.[0];
    expect(asset).toBeTruthy();
    const response = await server.app.fetch(asset!, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    // Compressed once at build time: the brotli copy for browsers that take it.
    expect(response.headers.get('content-encoding')).toBe('br');
    const gzipped = await server.app.fetch(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const page = await server.app.fetch('/about', { headers: { 'Accept-Encoding': 'gzip', Cookie: 'seen=1' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
  });
});
