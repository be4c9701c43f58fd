// Members' public pages (/u/{username}) and GET /api/users/{username}, on the real
// server: what a visitor sees of a member, the addresses that lead there, and the 404s.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { type Browser, pageText } from '#tests/support/browser';
import { sharedStack } from '#tests/support/stack';
import { askedTwice, storedPage } from '#tests/support/page-cache';
import { readRow } from '#tests/support/test-database';
import { waitFor } from '#tests/support/wait';
import { aBuildBy } from '#tests/support/uploads';

const ADMIN_EMAIL = 'members-admin@example.com';
const stack = sharedStack({ ADMIN_EMAILS: ADMIN_EMAIL }, { network: '192.0.5' });
/** One page of a member's builds. */
const PAGE_SIZE = 12;

let maker: Browser;
let buildIds: number[];

/** Renames the signed-in member through the profile's form. */
async function rename(browser: Browser, username: string) {
  const page = await browser.post('/profile', { intent: 'username', username, redirectTo: '/about' });
  expect(page.status).toBe(200);
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map(([, href]) => href!.replaceAll('&amp;', '&'));
const buildLinks = (html: string) => [...new Set(hrefs(html).filter((href) => /^\/build\/\d+$/.test(href)))];

beforeAll(async () => {
  maker = await stack.member('maker@example.com');
  await rename(maker, 'SleeveLord');
  await maker.post('/profile', { intent: 'bio', bio: 'I sleeve, therefore I am.' });
  buildIds = [];
  for (let n = 1; n <= PAGE_SIZE + 1; n++) buildIds.push(await aBuildBy(maker, `Sleeved rig ${n}`));
  await rename(maker, 'CableCzar');
}, 120_000);

describe('a member’s page', () => {
  it('shows who they are, their level and XP, achievements with dates, and their builds a page at a time without JavaScript', async () => {
    const visitor = stack.browser();
    const first = await visitor.get('/u/CableCzar');
    expect(first.status).toBe(200);
    const text = pageText(first.html);
    expect(first.html).toMatch(/<title>@CableCzar · RigRoast<\/title>/);
    expect(first.html).toContain('<meta name="description" content="I sleeve, therefore I am."/>');
    expect(text).toMatch(/@CableCzar Lv \d+/);
    expect(text).toContain('I sleeve, therefore I am.');
    expect(text).toMatch(/Joined \d{1,2} \w{3} \d{4}/);
    expect(first.html).toMatch(/role="progressbar" aria-label="Progress to level \d+"/);
    expect(text).toContain('Reputation');
    expect(text).toContain('Day streak');
    expect(text).toMatch(/First Build .*Earned \d{1,2} \w{3} \d{4}/);
    expect(text).not.toContain('Locked');
    expect(text).toContain(`${PAGE_SIZE + 1} listed`);
    expect(text).not.toContain('maker@example.com');

    // Newest first, twelve on the first page, the oldest on the second, by a plain link.
    const newestFirst = [...buildIds].reverse();
    expect(buildLinks(first.html)).toEqual(newestFirst.slice(0, PAGE_SIZE).map((id) => `/build/${id}`));
    expect(hrefs(first.html)).toContain('/u/CableCzar?page=2#builds');
    const second = await visitor.get('/u/CableCzar?page=2');
    expect(second.status).toBe(200);
    expect(buildLinks(second.html)).toEqual([`/build/${buildIds[0]}`]);
    expect(pageText(second.html)).toContain('Page 2 of 2');
    expect(hrefs(second.html)).toContain('/u/CableCzar#builds');

    // Each order is a link that keeps its place in the URL.
    expect(hrefs(first.html)).toEqual(
      expect.arrayContaining(['/u/CableCzar?sort=top-rated#builds', '/u/CableCzar?sort=most-discussed#builds']),
    );
    const discussed = await visitor.get('/u/CableCzar?sort=most-discussed&page=2');
    expect(discussed.status).toBe(200);
    expect(buildLinks(discussed.html)).toHaveLength(1);
  });

  it('is where every name links: build cards, the build page and its comments', async () => {
    const commenter = await stack.member('commenter@example.com');
    await rename(commenter, 'ChattyCathy');
    await commenter.post(`/build/${buildIds[0]}`, { intent: 'comment', form: 'comment-new', content: 'Sleeves on point.' });
    const visitor = stack.browser();
    expect(hrefs((await visitor.get('/gallery')).html)).toContain('/u/CableCzar');
    const build = await visitor.get(`/build/${buildIds[0]}`);
    expect(hrefs(build.html)).toEqual(expect.arrayContaining(['/u/CableCzar', '/u/ChattyCathy']));
  });

  it('is found by its name in any case and by a name given up lately, each sent to the one address', async () => {
    const visitor = stack.browser();
    for (const [asked, location] of [
      ['/u/cableczar', '/u/CableCzar'],
      ['/u/SleeveLord', '/u/CableCzar'],
      ['/u/sleevelord?sort=top-rated&page=2', '/u/CableCzar?sort=top-rated&page=2'],
    ] as const) {
      const response = await visitor.request(asked);
      expect(response.status, asked).toBe(302);
      expect(response.headers.get('location'), asked).toBe(location);
    }
  });

  it('is kept by the page cache for the orders and pages it reads, and rendered for anything else', async () => {
    await storedPage(stack.app, '/u/CableCzar');
    await storedPage(stack.app, '/u/CableCzar?sort=top-rated&page=2');
    for (const path of ['/u/CableCzar?sort=oldest', '/u/CableCzar?page=3', '/u/cableczar'])
      expect((await askedTwice(stack.app, path, '/u/CableCzar')).headers.get('x-page-cache'), path).toBeNull();
  });

  it('answers 404 in plain words for nobody, a disabled member and a page past the last', async () => {
    const visitor = stack.browser();
    const nobody = await visitor.get('/u/NobodyAtAll');
    expect(nobody.status).toBe(404);
    expect(pageText(nobody.html)).toContain('Nobody on RigRoast goes by that name.');

    const past = await visitor.get('/u/CableCzar?page=3');
    expect(past.status).toBe(404);
    expect(pageText(past.html)).toContain('@CableCzar has 2 pages of builds.');

    const banned = await stack.member('banned@example.com');
    await rename(banned, 'BannedBlaster');
    const admin = await stack.member(ADMIN_EMAIL);
    const bannedId = readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', 'banned@example.com').id;
    expect((await call(admin, 'PATCH', `/api/admin/users/${bannedId}/status`, { isDisabled: true })).status).toBe(200);
    const disabled = await visitor.get('/u/BannedBlaster');
    expect(disabled.status).toBe(404);
    expect(pageText(disabled.html)).toContain('This member’s page is not available.');
    expect(pageText(disabled.html)).not.toContain('BannedBlaster');
  });
});

describe('a member’s Atom feed', () => {
  it('is linked from their page, carries their roasted builds, and lives at one address', async () => {
    const visitor = stack.browser();
    const page = await visitor.get('/u/CableCzar');
    expect(page.html).toContain(
      '<link rel="alternate" type="application/atom+xml" title="@CableCzar&#x27;s builds" href="/feeds/u/CableCzar/builds.atom"/>',
    );
    // Each build joins the feed once it has its roast.
    const feed = await waitFor(
      async () => {
        const response = await visitor.request('/feeds/u/CableCzar/builds.atom');
        const xml = await response.text();
        return response.status === 200 && (xml.match(/<entry>/g) ?? []).length === buildIds.length ? { response, xml } : null;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(feed.response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const linked = [...feed.xml.matchAll(/<link href="[^"]*\/build\/(\d+)"\/>/g)].map(([, id]) => Number(id));
    expect(linked).toEqual([...buildIds].reverse());
    const etag = feed.response.headers.get('etag')!;
    expect((await visitor.request('/feeds/u/CableCzar/builds.atom', { headers: { 'If-None-Match': etag } })).status).toBe(304);

    for (const asked of ['/feeds/u/cableczar/builds.atom', '/feeds/u/SleeveLord/builds.atom']) {
      const response = await visitor.request(asked);
      expect(response.status, asked).toBe(301);
      expect(response.headers.get('location'), asked).toBe('/feeds/u/CableCzar/builds.atom');
    }
    expect((await visitor.request('/feeds/u/NobodyAtAll/builds.atom')).status).toBe(404);
    expect((await visitor.request('/feeds/u/BannedBlaster/builds.atom')).status).toBe(404);
  });
});

describe('GET /api/users/{username}', () => {
  it('answers the member in the contract’s shape, a page of builds at a time in the order asked', async () => {
    const visitor = stack.browser();
    const first = await call(visitor, 'GET', '/api/users/cableczar');
    expect(first.status).toBe(200);
    expectContract('GET', '/api/users/cableczar', first.body);
    expect(first.body).toMatchObject({
      username: 'CableCzar',
      bio: 'I sleeve, therefore I am.',
      builds: { sort: 'newest', page: 1, pageCount: 2, total: PAGE_SIZE + 1 },
    });
    const body = first.body as { builds: { items: { id: number }[] }; progression: { achievements: { earnedAt: string | null }[] } };
    expect(body.builds.items.map((build) => build.id)).toEqual([...buildIds].reverse().slice(0, PAGE_SIZE));
    expect(body.progression.achievements.length).toBeGreaterThan(0);
    expect(body.progression.achievements.every((achievement) => achievement.earnedAt !== null)).toBe(true);
    expect(JSON.stringify(body)).not.toContain('maker@example.com');

    const second = await call(visitor, 'GET', '/api/users/CableCzar?sort=top-rated&page=2');
    expect(second.body).toMatchObject({ builds: { sort: 'top-rated', page: 2, items: [expect.any(Object)] } });
    const past = await call(visitor, 'GET', '/api/users/CableCzar?page=3');
    expect(past.body).toMatchObject({ builds: { page: 3, pageCount: 2, items: [] } });
  });

  it('redirects an old name, refuses a bad query, and answers 404 for nobody and a disabled member', async () => {
    const visitor = stack.browser();
    const old = await visitor.request('/api/users/SleeveLord?page=2');
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe('/api/users/CableCzar?page=2');
    expectError(await call(visitor, 'GET', '/api/users/CableCzar?sort=oldest'), 400, 'invalid_input', /sort must be one of/);
    expectError(await call(visitor, 'GET', '/api/users/CableCzar?page=0'), 400, 'invalid_input');
    expectError(await call(visitor, 'GET', '/api/users/NobodyAtAll'), 404, 'not_found', 'Member not found');
    expectError(await call(visitor, 'GET', '/api/users/BannedBlaster'), 404, 'not_found', /not available/);
  });
});
