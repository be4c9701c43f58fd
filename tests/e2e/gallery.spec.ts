import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { signInQuickly, uniqueEmail } from './support/sign-in';

test('LOAD MORE adds the next 12 builds below the first 12', async ({ page, javaScriptEnabled, baseURL }, info) => {
  test.setTimeout(90_000);
  await signInQuickly(page, uniqueEmail(info.project.name));
  // Enough builds for two full pages.
  for (let index = 1; index <= 24; index++) await postBuild(page, baseURL!, `Stacked ${info.project.name} ${index}`);

  await page.goto('/gallery');
  await hydrated(page, javaScriptEnabled);
  const cards = page.getByRole('list', { name: 'Builds' }).getByRole('listitem');
  await expect(cards).toHaveCount(12);
  const firstTitle = await cards.first().getByRole('heading').textContent();

  await page.getByRole('link', { name: 'LOAD MORE' }).click();
  await expect(cards).toHaveCount(24);
  // With JavaScript the page stays where it is and appends; without, the link opens the
  // longer page, freshly listed (so a build another test uploads meanwhile may lead it).
  await expect(page).toHaveURL(javaScriptEnabled ? /\/gallery$/ : /\/gallery\?count=24$/);
  if (javaScriptEnabled) await expect(cards.first().getByRole('heading')).toHaveText(firstTitle!);
  const titles = await cards.getByRole('heading').allTextContents();
  expect(titles).toContain(firstTitle);
  expect(new Set(titles).size).toBe(24);
});
