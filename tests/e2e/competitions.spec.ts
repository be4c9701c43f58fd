import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { signIn, skipUsernamePrompt, toasts, uniqueEmail } from './support/sign-in';
import { expectNoSidewaysScroll, WIDTHS } from './support/layout';

test('a visitor browses to a competition, a member enters a build, an admin ends it, and past competitions shows the winner', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  // An admin opens a competition that runs today.
  await signIn(page, `admin-${info.project.name}-${12 + ((info.retry + info.repeatEachIndex) % 2)}@e2e.example`, 'Login');
  await skipUsernamePrompt(page);
  await page.goto('/admin/competitions/new');
  await hydrated(page, javaScriptEnabled);
  const title = `Glow Cup ${info.project.name} ${Date.now()}`;
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Theme').fill('Ice-blue RGB');
  await page.getByLabel('Description').fill('The coolest glow wins.');
  await page.getByLabel('Prizes').fill('A golden fan\nA silver cable');
  await page.getByLabel('Starts on (UTC)').fill(today);
  await page.getByLabel('Ends after (UTC)').fill(today);
  await page.getByRole('button', { name: 'Create competition' }).click();
  await expect(toasts(page)).toContainText('Competition created');

  // A member with a build finds it from the home page and enters the build.
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': `10.200.${info.workerIndex}.9` } });
  await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const member = await context.newPage();
  await signIn(member, uniqueEmail(info.project.name));
  await skipUsernamePrompt(member);
  const buildTitle = `Frosted rig ${info.project.name} ${Date.now()}`;
  await postBuild(member, baseURL!, buildTitle);
  await member.goto('/');
  // The title is the link's hidden continuation ("View Competition: …").
  await member.getByRole('link', { name: new RegExp(`^View Competition\\W+${title}$`) }).click();
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await hydrated(member, javaScriptEnabled);
  await expect(member.getByText('No entries yet. Be the first!')).toBeVisible();
  await member.getByRole('button', { name: 'Enter build' }).click();
  await expect(member.getByText('Choose one of your builds').last()).toBeVisible();
  await member.getByLabel('Your build').selectOption({ label: buildTitle });
  await member.getByRole('button', { name: 'Enter build' }).click();
  await expect(toasts(member)).toContainText('Build entered');
  const standings = member.getByRole('region', { name: 'Standings' });
  await expect(standings.getByRole('listitem').filter({ hasText: buildTitle })).toContainText('#1');
  await expect(member.getByRole('button', { name: 'Replace entry' })).toBeVisible();
  const username = (await member.getByRole('listitem').filter({ hasText: buildTitle }).getByText(/^@/).textContent())!;

  // The admin ends it early: it closes at once with its winners.
  await page.goto('/admin/competitions');
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('link', { name: `End ${title}` }).click();
  await page.getByRole('button', { name: 'End competition' }).click();
  await expect(toasts(page)).toContainText('Competition ended');

  await member.goto('/past-competitions');
  const past = member.getByRole('article', { name: title });
  const winners = past.getByRole('list', { name: `Winners of ${title}` });
  await expect(winners).toContainText(`1st${username}${buildTitle}A golden fan`);
  // Each winner with the photo of the winning build.
  const photo = winners.getByRole('listitem').first().locator('img');
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  for (const width of WIDTHS) {
    await member.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(member);
  }
  await past.getByRole('link', { name: title }).click();
  await expect(member.getByRole('region', { name: 'Winners' })).toContainText('1st');
  await expect(member.getByRole('region', { name: 'Final standings' })).toContainText(buildTitle);
  await context.close();
});
