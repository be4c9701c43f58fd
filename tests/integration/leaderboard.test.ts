import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '#tests/support/api';
import { Browser, pageText } from '#tests/support/browser';
import { openAppDatabase, rankLeaderboardsNow } from '#tests/support/test-database';
import { sharedApp } from '#tests/support/stack';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const EMPTY = 'NO BUILDS RANKED IN THIS PERIOD. DEPLOY YOUR RIG TO DOMINATE!';
const TABS = [
  ['TODAY', '/leaderboard/today'],
  ['THIS WEEK', '/leaderboard/week'],
  ['THIS MONTH', '/leaderboard/month'],
  ['ALL TIME', '/leaderboard/all-time'],
];

const server = sharedApp();

/** A visitor without cookies, as most leaderboard readers are (so the page cache is in play too). */
const visit = (path: string) => new Browser(server.app).get(path);

/** The period links in page order: label, href and whether it is marked as the current page. */
function tabs(html: string) {
  const nav = /<nav aria-label="Leaderboard period"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes = '', label]) => ({
    label,
    href: /href="([^"]+)"/.exec(attributes)?.[1],
    current: attributes.includes('aria-current="page"'),
  }));
}

/** The ranked list's HTML, or '' when the period shows none. */
function rankings(html: string): string {
  const section = /<section aria-labelledby="rankings-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return /<ol[^>]*>([\s\S]*?)<\/ol>/.exec(section)?.[1] ?? '';
}

/** The text of each ranked card, in list order. */
function cards(html: string): string[] {
  return rankings(html)
    .split('<li')
    .slice(1)
    .map((card) => pageText(`<li${card}`).trim());
}

describe('the leaderboard with nothing rated', () => {
  it('shows the heading, the four periods as links with the current one marked, and the empty text', async () => {
    for (const [index, [, href]] of TABS.entries()) {
      const page = await visit(href!);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<title>Dominance Rankings (${TABS[index]![0]!.toLowerCase()}) · RigRoast</title>`);
      // Shown upper case by the display style.
      expect(page.html).toMatch(/<h1 class="display[^"]*">Dominance <span[^>]*>Rankings<\/span><\/h1>/);
      expect(tabs(page.html)).toEqual(TABS.map(([label, tabHref], at) => ({ label, href: tabHref, current: at === index })));
      expect(pageText(page.html)).toContain(EMPTY);
      expect(page.html).toMatch(/<a [^>]*href="\/upload"[^>]*>Upload your build<\/a>/);
      expect(cards(page.html)).toEqual([]);
    }
  });

  it('treats /leaderboard and an unknown period as today', async () => {
    for (const path of ['/leaderboard', '/leaderboard/yesterday', '/leaderboard/TODAY']) {
      const page = await visit(path);
      expect(page.status).toBe(200);
      expect(
        tabs(page.html)
          .filter((tab) => tab.current)
          .map((tab) => tab.label),
      ).toEqual(['TODAY']);
    }
  });
});

describe('the leaderboard with ratings', () => {
  const ids: Record<string, number> = {};

  /**
   * Written straight into the running server's database: a hundred voters, five
   * builds (one held), their ratings at the given times, and the builds' totals
   * as the rating write path keeps them; then, as a rating does, the server's
   * leaderboard job is brought forward, and the test waits for its standings.
   */
  beforeAll(async () => {
    const sqlite = openAppDatabase(server.app.databasePath);
    const now = Date.now();
    const addUser = sqlite.prepare('insert into users (username, username_key, email) values (?, lower(?), ?)');
    const user = (name: string) => Number(addUser.run(name, name, `${name}@example.com`).lastInsertRowid);
    // A listed build's image is published: its files are served from the public folder.
    const image = sqlite.prepare('insert into images (hash, width, height, published) values (?, 1600, 1200, ?)');
    const variant = sqlite.prepare(
      "insert into image_variants (image_id, format, width, height, bytes, file_name) values (?, 'jpeg', 640, 480, 1000, ?)",
    );
    const build = sqlite.prepare(
      'insert into builds (user_id, title, image_id, review_status, total_rating, rating_count, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    const rating = sqlite.prepare('insert into ratings (build_id, user_id, rating, created_at, updated_at) values (?, ?, ?, ?, ?)');

    sqlite.transaction(() => {
      const voters = Array.from({ length: 100 }, (_, index) => user(`voter_${index}`));
      const add = (title: string, maker: string, stars: number[], agoMs: number, status = 'approved') => {
        const imageId = Number(image.run(`hash-${title}`, status === 'approved' ? 1 : 0).lastInsertRowid);
        variant.run(imageId, `${imageId}-640.jpg`);
        const total = stars.reduce((sum, star) => sum + star, 0);
        const id = Number(build.run(user(maker), title, imageId, status, total, stars.length, now - 40 * DAY).lastInsertRowid);
        stars.forEach((star, index) => rating.run(id, voters[index], star, now - agoMs, now - agoMs));
        ids[title] = id;
      };
      const repeat = (stars: number, times: number) => Array.from({ length: times }, () => stars);
      add('Crowd favourite', 'crowd_maker', [...repeat(5, 80), ...repeat(4, 20)], HOUR);
      add('One lucky vote', 'lucky_maker', [5], HOUR);
      add('Beige box', 'beige_maker', repeat(2, 50), HOUR);
      add('Held rig', 'held_maker', repeat(5, 30), HOUR, 'held');
      add('Old glory', 'glory_maker', repeat(5, 10), 10 * DAY);
    })();
    sqlite.close();
    await rankLeaderboardsNow(server.app.databasePath);
  });

  it('ranks a hundred votes averaging 4.8 above one 5-star vote, each card with rank, title, maker, points, average and votes', async () => {
    const page = await visit('/leaderboard/today');
    expect(cards(page.html)).toEqual([
      'Rank #1 Crowd favourite @crowd_maker Points 480 Average 4.8 Votes 100',
      'Rank #2 One lucky vote @lucky_maker Points 5 Average 5.0 Votes 1',
      'Rank #3 Beige box @beige_maker Points 100 Average 2.0 Votes 50',
    ]);
    expect(pageText(page.html)).not.toContain(EMPTY);
    expect(pageText(page.html)).toContain('Ranked by a weighted average that needs votes to count fully');
  });

  it('links each card to its build and shows its photo', async () => {
    const card = rankings((await visit('/leaderboard')).html).split('<li')[1] ?? '';
    expect(card).toContain(`href="/build/${ids['Crowd favourite']}"`);
    expect(card).toMatch(new RegExp(`<img [^>]*src="/uploads/images/\\d+-640\\.jpg"`));
  });

  it("counts each period's own votes: a build rated ten days ago ranks only this month and of all time", async () => {
    const titles = async (path: string) => cards((await visit(path)).html).map((card) => /^Rank #\d+ (.+?) @/.exec(card)?.[1]);
    const recent = ['Crowd favourite', 'One lucky vote', 'Beige box'];
    expect(await titles('/leaderboard/week')).toEqual(recent);
    expect(await titles('/leaderboard/month')).toEqual(['Crowd favourite', 'Old glory', 'One lucky vote', 'Beige box']);
    expect(await titles('/leaderboard/all-time')).toEqual(['Crowd favourite', 'Old glory', 'One lucky vote', 'Beige box']);
    // Anything that is not a period is today.
    expect(await titles('/leaderboard/yesterday')).toEqual(recent);
    expect(await titles('/leaderboard')).toEqual(recent);
  });

  it('shows the same top three on the home page, for each period', async () => {
    const top = async (path: string) => {
      const section = /<section [^>]*aria-labelledby="leaderboard-title"[\s\S]*?<\/section>/.exec((await visit(path)).html)?.[0] ?? '';
      return [...section.matchAll(/<a [^>]*href="\/build\/(\d+)"/g)].map(([, id]) => Number(id));
    };
    expect(await top('/')).toEqual([ids['Crowd favourite'], ids['One lucky vote'], ids['Beige box']]);
    expect(await top('/?board=month')).toEqual([ids['Crowd favourite'], ids['Old glory'], ids['One lucky vote']]);
  });

  it('leads the week on RigRoast, on its page and in the API, with never a held build', async () => {
    const page = await visit('/week');
    expect(page.status).toBe(200);
    const top = /<section aria-labelledby="week-top-builds"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
    expect([...top.matchAll(/href="\/build\/(\d+)"/g)].map(([, id]) => Number(id))).toEqual([
      ids['Crowd favourite'],
      ids['One lucky vote'],
      ids['Beige box'],
    ]);
    expect(page.html).not.toContain('Held rig');

    const week = await new Browser(server.app).request('/api/week');
    const body = (await week.json()) as { topBuilds: { title: string }[] };
    expectContract('GET', '/api/week', body);
    expect(body.topBuilds.map((build) => build.title)).toEqual(['Crowd favourite', 'One lucky vote', 'Beige box']);
  });

  it('never shows a held build', async () => {
    for (const [, href] of TABS) {
      const page = await visit(href!);
      expect(pageText(page.html)).not.toContain('Held rig');
      expect(page.html).not.toContain(`/build/${ids['Held rig']}"`);
    }
  });
});
