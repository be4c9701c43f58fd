import type { Browser, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { expectNoSidewaysScroll, rowsOf, WIDTHS } from './support/layout';
import { postBuild } from './support/builds';
import { signInAsNewMember, signInQuickly, uniqueEmail } from './support/sign-in';

const EMPTY = 'NO BUILDS RANKED IN THIS PERIOD. DEPLOY YOUR RIG TO DOMINATE!';

test('the periods are links: each opens its rankings, marked as the current page', async ({ page, javaScriptEnabled }) => {
  await page.goto('/leaderboard');
  await hydrated(page, javaScriptEnabled);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Dominance Rankings');
  // What the eye reads: the display style sets it in capitals.
  expect(await title.evaluate((element) => (element as HTMLElement).innerText)).toBe('DOMINANCE RANKINGS');
  const periods = page.getByRole('navigation', { name: 'Leaderboard period' });
  await expect(periods.getByRole('link')).toHaveText(['TODAY', 'THIS WEEK', 'THIS MONTH', 'ALL TIME']);
  await expect(periods.getByRole('link', { name: 'TODAY' })).toHaveAttribute('aria-current', 'page');

  for (const [label, path] of [
    ['THIS WEEK', '/leaderboard/week'],
    ['ALL TIME', '/leaderboard/all-time'],
    ['TODAY', '/leaderboard/today'],
  ] as const) {
    await periods.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(periods.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    await expect(periods.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${label}:`) })).toBeVisible();
    // Other tests upload builds and may rate them: the period shows its cards, or says it has none.
    const rankings = page.getByRole('region', { name: new RegExp(`^${label}:`) });
    const cards = rankings.getByRole('listitem');
    await expect(cards.or(rankings.getByText(EMPTY))).not.toHaveCount(0);
    if ((await cards.count()) > 0) {
      expect(await cards.count()).toBeLessThanOrEqual(10);
      await expect(cards.first()).toContainText('Rank #1');
      // The title links to the build, the maker's name to their page.
      await expect(cards.first().getByRole('link')).toHaveCount(2);
      await expect(cards.first().getByRole('heading').getByRole('link')).toHaveAttribute('href', /^\/build\/\d+$/);
      await expect(cards.first().getByRole('link', { name: /^@/ })).toHaveAttribute('href', /^\/u\/[^/]+$/);
    } else {
      await expect(rankings.getByRole('link', { name: 'Upload your build' })).toHaveAttribute('href', '/upload');
    }
  }
});

test('a period can be chosen from the keyboard', async ({ page, javaScriptEnabled }) => {
  await page.goto('/leaderboard/week');
  await hydrated(page, javaScriptEnabled);
  const periods = page.getByRole('navigation', { name: 'Leaderboard period' });
  await periods.getByRole('link', { name: 'THIS WEEK' }).focus();
  await page.keyboard.press('Tab');
  await expect(periods.getByRole('link', { name: 'THIS MONTH' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/leaderboard/month');
  await expect(periods.getByRole('link', { name: 'THIS MONTH' })).toHaveAttribute('aria-current', 'page');
});

test('with JavaScript, nine placeholders stand in while another period loads', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'Without JavaScript the browser loads the next page itself.');
  await page.goto('/leaderboard');
  await hydrated(page, true);
  // Hold the period's data back a moment, so the pending state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/leaderboard/month.data*', async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('navigation', { name: 'Leaderboard period' }).getByRole('link', { name: 'THIS MONTH' }).click();
  const rankings = page.locator('section[aria-labelledby="rankings-title"]');
  await expect(rankings.getByRole('status')).toHaveText('Loading THIS MONTH rankings…');
  await expect(rankings.locator('.panel[aria-hidden="true"]')).toHaveCount(9);
  release();
  await expect(page).toHaveURL('/leaderboard/month');
  await expect(rankings.locator('.panel[aria-hidden="true"]')).toHaveCount(0);
  await expect(rankings.getByRole('status')).toHaveText('');
});

/** A new build from another browser (and address), rated 5 stars by the page's new member: it ranks today once the boards are ranked again. */
async function aBuildRatedToday(page: Page, browser: Browser, baseURL: string, project: string, javaScriptEnabled: boolean) {
  const title = `Ranked ${project} ${Date.now()}`;
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const owner = await context.newPage();
  await signInQuickly(owner, uniqueEmail(`${project}-maker`));
  const id = await postBuild(owner, baseURL, title);
  await context.close();
  await signInAsNewMember(page, project);
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('group', { name: 'rate this build' }).locator('label', { hasText: '5 stars' }).click();
  await page.getByRole('button', { name: 'Submit rating' }).click();
  await expect(page.getByText('You rated this build 5 stars.')).toBeVisible();
  return { id, title };
}

/** The leaderboard once the build's card is on it: the boards are ranked a few seconds after a vote. */
async function leaderboardWith(page: Page, title: string) {
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(async () => {
    await page.goto('/leaderboard');
    await expect(card).toContainText(/Rank #\d+/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return card;
}

test('a build rated today gets a card that opens it', async ({ page, browser, baseURL, javaScriptEnabled }, info) => {
  test.setTimeout(60_000);
  // One 5-star vote, and the newest build among equals: it makes the top ten of the day.
  const { id, title } = await aBuildRatedToday(page, browser, baseURL!, info.project.name, javaScriptEnabled);
  const card = await leaderboardWith(page, title);
  await hydrated(page, javaScriptEnabled);
  await expect(card).toContainText(/Points\s*5/);
  await expect(card).toContainText(/Votes\s*1/);
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/build/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('on a phone a ranked build is a compact row with a thumbnail, and the periods fit one row', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(60_000);
  const { title } = await aBuildRatedToday(page, browser, baseURL!, info.project.name, javaScriptEnabled);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const card = await leaderboardWith(page, title);
    await expectNoSidewaysScroll(page);
    expect(await rowsOf(page, 'nav[aria-label="Leaderboard period"] li')).toBe(1);
    const box = (await card.boundingBox())!;
    const photo = (await card.locator('img').boundingBox())!;
    if (width === 390) {
      // A row: the thumbnail beside the text, the whole well under a quarter of the screen.
      expect(box.height).toBeLessThan(130);
      expect(photo.width).toBeLessThan(box.width / 3);
    } else {
      expect(photo.width).toBeGreaterThan(box.width * 0.9);
    }
  }
});
