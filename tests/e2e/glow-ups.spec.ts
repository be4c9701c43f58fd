import { expect, hydrated, test } from './fixtures';
import { E2E_DATABASE } from '../playwright.config';
import { rated } from '#tests/support/ratings';
import type { Page } from '@playwright/test';
import { expectNoSidewaysScroll, WIDTHS } from './support/layout';
import { signInAsNewMember, toasts } from './support/sign-in';
import { aPhoto, uploadThroughForm } from './support/upload-form';

/** The page at both widths the site is checked at: no sideways scroll, and a screenshot to look at. */
async function atBothWidths(page: Page, name: string, path: (file: string) => string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path(`${name}-${width}.png`), fullPage: true });
  }
}

test('the owner posts a glow-up of their build from its page, and both pages tell the story', async ({ page, javaScriptEnabled }, info) => {
  // Two uploads, a roast and screenshots of four pages at two widths.
  test.slow();
  await signInAsNewMember(page, info.project.name);
  const title = `Before rig ${info.project.name} ${Date.now()}`;
  const earlierUrl = await uploadThroughForm(page, javaScriptEnabled, { title, photo: await aPhoto({ r: 200, g: 40, b: 40 }) });

  await page.goto(`${earlierUrl}/edit`);
  await hydrated(page, javaScriptEnabled);
  const add = page.getByRole('form', { name: 'Add a part' });
  await add.getByLabel('Category').selectOption('GPU');
  await add.getByLabel('Name').fill('RTX 3060');
  await add.getByRole('button', { name: 'Add part' }).click();
  await expect(toasts(page)).toContainText('Part added');

  await page.goto(earlierUrl);
  await page.getByRole('link', { name: 'Post a glow-up' }).click();
  await expect(page).toHaveURL(/\/upload\?glowUpOf=\d+$/);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post a glow-up');
  await expect(page.getByLabel('Build Title')).toHaveValue(title);
  await expect(page.getByLabel('Part 1: name')).toHaveValue('RTX 3060');
  await page.getByLabel('Build Title').fill(`${title} after`);
  await page.getByLabel('Photo of your build').setInputFiles(await aPhoto({ r: 40, g: 200, b: 80 }, 'after.jpg'));
  await page.getByLabel('Part 1: name').fill('RX 7800 XT');
  await page.getByLabel('Part 2: category').selectOption('PSU');
  await page.getByLabel('Part 2: name').fill('Corsair RM850x');
  await atBothWidths(page, 'glow-up-form', (file) => info.outputPath(file));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Post Glow-up' }).click();
  await expect(page).toHaveURL(/\/build\/\d+$/, { timeout: 30_000 });
  const glowUpUrl = new URL(page.url()).pathname;

  await hydrated(page, javaScriptEnabled);
  const story = page.getByRole('region', { name: 'Glow-up' });
  await expect(story.getByRole('link', { name: title })).toHaveAttribute('href', earlierUrl);
  await expect(story.getByRole('listitem').filter({ hasText: 'RTX 3060' })).toContainText('RX 7800 XT');
  await expect(story.getByRole('listitem').filter({ hasText: 'Added' })).toContainText('PSU: Corsair RM850x');
  await expect(story.getByText(/^Before, /)).toBeVisible();
  await expect(story.getByText(/^After, /)).toBeVisible();
  await expect(story.getByText(/Before no ratings yet/)).toBeVisible();
  if (javaScriptEnabled) {
    // Stacked, with a slider the keyboard moves.
    const slider = story.getByRole('slider', { name: 'Compare before and after' });
    await expect(slider).toHaveValue('50');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('51');
  } else {
    // Side by side.
    await expect(story.getByRole('slider')).toHaveCount(0);
    await expect(story.locator('figure')).toHaveCount(2);
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await expectNoSidewaysScroll(page);
    await story.screenshot({ path: info.outputPath(`glow-up-story-${width}.png`) });
  }

  // Without JavaScript the glow-up's page reloads itself until its roast is in: the visit may meet that reload, and is made again.
  const since = page.getByRole('region', { name: 'Glowed up since' });
  await expect(async () => {
    await page.goto(earlierUrl);
    await expect(since.getByRole('link', { name: `${title} after` })).toHaveAttribute('href', glowUpUrl, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  // Rated enough on both sides, it is ranked among the best glow-ups, reached from the rankings.
  rated(E2E_DATABASE, Number(earlierUrl.split('/').pop()), 2, 6);
  rated(E2E_DATABASE, Number(glowUpUrl.split('/').pop()), 4.5, 9);
  await page.goto('/leaderboard');
  await page.getByRole('link', { name: 'Best glow-ups' }).click();
  await expect(page).toHaveURL(/\/glow-ups$/);
  const ranked = page
    .getByRole('list', { name: 'Glow-ups, best first' })
    .getByRole('listitem')
    .filter({ hasText: `${title} after` });
  await expect(ranked).toContainText('+2.5');
  await atBothWidths(page, 'best-glow-ups', (file) => info.outputPath(file));

  // The owner's page tells the rig as a timeline.
  await ranked.getByRole('link', { name: /^@/ }).click();
  await expect(page).toHaveURL(/\/u\//);
  const rig = page.getByRole('list', { name: `The story of ${title}, 2 builds` });
  await expect(rig.getByRole('link')).toHaveCount(2);
  await atBothWidths(page, 'member-rigs', (file) => info.outputPath(file));
});

test("another member's build offers no glow-up, and its address says why", async ({ page, builds }, info) => {
  const theirs = await builds.someoneElses(`Their rig ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, info.project.name);
  await page.goto(`/build/${theirs}`);
  await expect(page.getByRole('link', { name: 'Post a glow-up' })).toHaveCount(0);
  const response = await page.goto(`/upload?glowUpOf=${theirs}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('alert')).toContainText("that build is another member's");
  await expect(page.getByRole('button', { name: 'Post Glow-up' })).toHaveCount(0);
});
