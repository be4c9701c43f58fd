import { openAppDatabase } from '#tests/support/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract, expectError } from '#tests/support/api';
import { pageText } from '#tests/support/browser';
import { describeBuild } from '#tests/support/build-details';
import { insertCompetition } from '#tests/support/competitions';
import { askedTwice } from '#tests/support/page-cache';
import { sharedStack } from '#tests/support/stack';
import { aBuildBy } from '#tests/support/uploads';

const DAY = 24 * 3600_000;
const stack = sharedStack({}, { network: '198.18.7' });
const ids: Record<string, number> = {};
let competitionId: number;

beforeAll(async () => {
  const owner = await stack.member();
  ids.air = await aBuildBy(owner, 'Air cooled monster');
  ids.white = await aBuildBy(owner, 'Snow white ITX');
  ids.plain = await aBuildBy(owner, 'Plain office box');
  const asOwner = async (path: string, body: unknown) => (await call(owner, 'POST', path, body)).status;
  await describeBuild(asOwner, ids.air, { description: 'Big cooler, bigger GPU.', parts: ['Noctua NH-D15', 'RTX 4090'] });
  await describeBuild(asOwner, ids.white, { parts: ['RTX 4070'], tags: ['white-build', 'itx'] });
  competitionId = insertCompetition(stack.app.databasePath, { title: 'Searchable Cup' });
  const sqlite = openAppDatabase(stack.app.databasePath);
  sqlite
    .prepare('insert into competition_entries (competition_id, build_id, user_id) select ?, id, user_id from builds where id = ?')
    .run(competitionId, ids.white);
  // The plain box is the most discussed.
  sqlite
    .prepare("insert into comments (build_id, user_id, content) select ?, user_id, 'Nice' from builds where id = ?")
    .run(ids.plain, ids.plain);
  sqlite.prepare('update builds set comment_count = 1 where id = ?').run(ids.plain);
  sqlite.close();
}, 120_000);

const titlesOn = (html: string) =>
  ['Air cooled monster', 'Snow white ITX', 'Plain office box'].filter((title) => pageText(html).includes(title));
const order = (html: string) =>
  [...html.matchAll(/(Air cooled monster|Snow white ITX|Plain office box)/g)]
    .map((match) => match[1])
    .filter((title, index, all) => all.indexOf(title) === index);

describe('the gallery’s search', () => {
  it('finds builds by part, tag or words through a plain GET form, and filters by tag and competition', async () => {
    const browser = stack.browser();
    const gallery = await browser.get('/gallery');
    const form = /<form[^>]*role="search"[^>]*>/.exec(gallery.html)?.[0];
    expect(form).toContain('action="/gallery"');
    expect(form).toContain('method="get"');
    expect(gallery.html).toContain('<label for="gallery-q"');
    expect(order(gallery.html)).toEqual(['Plain office box', 'Snow white ITX', 'Air cooled monster']);

    expect(titlesOn((await browser.get('/gallery?q=NH-D15')).html)).toEqual(['Air cooled monster']);
    expect(titlesOn((await browser.get('/gallery?q=nh+d15')).html)).toEqual(['Air cooled monster']);
    expect(titlesOn((await browser.get('/gallery?q=RTX+4090')).html)).toEqual(['Air cooled monster']);
    expect(order((await browser.get('/gallery?q=rtx')).html)).toHaveLength(2);
    expect(titlesOn((await browser.get('/gallery?q=white')).html)).toEqual(['Snow white ITX']);
    expect(titlesOn((await browser.get('/gallery?tag=itx')).html)).toEqual(['Snow white ITX']);
    expect(titlesOn((await browser.get(`/gallery?competition=${competitionId}`)).html)).toEqual(['Snow white ITX']);
    expect(order((await browser.get('/gallery?sort=discussed')).html)[0]).toBe('Plain office box');
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    const page = await stack.browser().get('/gallery?q=threadripper&tag=sleeper');
    expect(page.status).toBe(200);
    expect(pageText(page.html)).toContain('No builds match “threadripper”, tagged Sleeper.');
    expect(page.html).toMatch(/<a[^>]*href="\/gallery"[^>]*>Clear filters<\/a>/);
    expect(titlesOn(page.html)).toEqual([]);
  });

  it('says which words of a long search were left out, and finds builds by the words it read', async () => {
    const page = await stack.browser().get(`/gallery?q=${encodeURIComponent('noctua nh-d15 big cooler bigger gpu rtx loud hot')}`);
    expect(pageText(page.html)).toContain('A search reads its first 8 words (“NH-D15” is two), so “loud hot” was left out.');
    expect(titlesOn(page.html)).toEqual(['Air cooled monster']);
    expect(pageText((await stack.browser().get('/gallery?q=noctua')).html)).not.toContain('was left out');
  });

  it('keeps the search in its sort links and LOAD MORE, and reads a bad value as no filter', async () => {
    const page = await stack.browser().get('/gallery?q=rtx');
    expect(page.html).toContain('href="/gallery?q=rtx&amp;sort=top"');
    expect(page.html).toContain('href="/gallery?q=rtx&amp;sort=trending"');
    const bad = await stack.browser().get('/gallery?tag=nonsense&sort=hot&competition=-4');
    expect(bad.status).toBe(200);
    expect(titlesOn(bad.html)).toHaveLength(3);
  });
});

describe('gallery pages whose parameters name nothing', () => {
  it('answers a competition the gallery does not offer (none by that id, or not started) with a 404, stored nowhere', async () => {
    const upcoming = insertCompetition(stack.app.databasePath, {
      title: 'Next Cup',
      startDate: Date.now() + DAY,
      endDate: Date.now() + 8 * DAY,
    });
    for (const path of ['/gallery?competition=424242', `/gallery?competition=${upcoming}&sort=top`]) {
      const page = await askedTwice(stack.app, path, '/gallery');
      expect(page.status, path).toBe(404);
      expect(pageText(await page.text()), path).toContain('Competition not found');
      expect(page.headers.get('x-page-cache'), path).toBeNull();
    }
  });

  it('shows nothing more after a build that is none of the list’s, or for a search nothing matches, and stores neither', async () => {
    // The newest first: the plain box, the white one, the air-cooled one. After the last there is nothing, and that is a page.
    const last = `/gallery?after=${ids.air}`;
    for (const path of [
      '/gallery?after=987654',
      `/gallery?q=rtx&after=${ids.plain}`,
      '/gallery?q=threadripper',
      '/gallery?q=r+t+x+n+c+g+w+a+b+m',
      '/gallery?count=200',
      '/gallery?tag=sleeper&count=24',
    ]) {
      const page = await askedTwice(stack.app, path, last);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-page-cache'), path).toBeNull();
      expect(page.headers.get('cache-control'), path).toBe('no-store');
      if (!path.includes('count=')) expect(titlesOn(await page.text()), path).toEqual([]);
    }
    const vanished = await (await stack.app.fetch('/gallery?after=987654')).text();
    expect(pageText(vanished)).toContain('No more builds here.');
    expect(vanished).toMatch(/<a[^>]*href="\/gallery"[^>]*>Back to the first page<\/a>/);
  });
});

describe('GET /api/builds', () => {
  it('searches, sorts and filters as the gallery does, a page at a time', async () => {
    const api = stack.browser();
    const found = await call(api, 'GET', '/api/builds?q=nh-d15');
    expect(found.status).toBe(200);
    expectContract('GET', '/api/builds', found.body);
    expect(found.body).toMatchObject({ builds: [{ id: ids.air, title: 'Air cooled monster' }], next: null });

    const tagged = await call(api, 'GET', `/api/builds?tag=white-build&competition=${competitionId}`);
    expect((tagged.body as { builds: { id: number }[] }).builds.map((build) => build.id)).toEqual([ids.white]);

    const first = await call(api, 'GET', '/api/builds?q=rtx&sort=newest&limit=1');
    const { builds, next } = first.body as { builds: { id: number }[]; next: string };
    expect(builds.map((build) => build.id)).toEqual([ids.white]);
    expect(next).toBe(`/api/builds?q=rtx&sort=newest&after=${ids.white}&limit=1`);
    const second = await call(api, 'GET', next);
    expect((second.body as { builds: { id: number }[] }).builds.map((build) => build.id)).toEqual([ids.air]);
  });

  it('refuses values the gallery would not read, saying which', async () => {
    const api = stack.browser();
    expectError(await call(api, 'GET', '/api/builds?sort=hot'), 400, 'invalid_input', /sort must be one of newest, top/);
    expectError(await call(api, 'GET', '/api/builds?tag=shiny'), 400, 'invalid_input', /tag must be one of/);
    expectError(await call(api, 'GET', `/api/builds?q=${'x'.repeat(101)}`), 400, 'invalid_input', /at most 100 characters/);
    expectError(await call(api, 'GET', '/api/builds?competition=zero'), 400, 'invalid_input');
  });
});
