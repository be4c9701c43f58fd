import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { signInAsNewAdmin, signInQuickly, toasts, uniqueEmail } from './support/sign-in';
import { expectNoSidewaysScroll, WIDTHS } from './support/layout';

test('a visitor browses to a competition, a member enters a build, a juror rates it in place, an admin ends it, and past competitions shows both winners', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  // An admin opens a competition that runs today.
  await signInAsNewAdmin(page, info.project.name);
  await page.goto('/admin/competitions/new');
  await hydrated(page, javaScriptEnabled);
  const title = `Glow Cup ${info.project.name} ${Date.now()}`;
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Theme').fill('Ice-blue RGB');
  await page.getByLabel('Description').fill('The coolest glow wins.');
  await page.getByLabel('Prizes').fill('A golden fan\nA silver cable');
  // The admin sits on its jury: their stars make the jury prize, not the community vote.
  const adminName = ((await (await page.request.get('/api/user')).json()) as { username: string }).username;
  await page.getByLabel('Series (optional)').fill('Glow Cup series');
  await page.getByLabel('Jurors (optional)').fill(`@${adminName}`);
  await page.getByLabel('Starts on (UTC)').fill(today);
  await page.getByLabel('Ends after (UTC)').fill(today);
  await page.getByRole('button', { name: 'Create competition' }).click();
  await expect(toasts(page)).toContainText('Competition created');

  // A member with a build finds it from the home page and enters the build.
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': `10.200.${info.workerIndex}.9` } });
  await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const member = await context.newPage();
  await signInQuickly(member, uniqueEmail(info.project.name));
  const buildTitle = `Frosted rig ${info.project.name} ${Date.now()}`;
  const buildId = await postBuild(member, baseURL!, buildTitle);
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
  // Contest mode: the entry is a card of its own, with no rank or score while it runs.
  const entries = member.getByRole('region', { name: 'Entries' });
  const ownCard = entries.getByRole('listitem').filter({ hasText: buildTitle });
  await expect(ownCard).toContainText('Your entry: members rate it, you cannot.');
  await expect(entries).not.toContainText('#1');
  await expect(member.getByRole('button', { name: 'Replace entry' })).toBeVisible();
  const username = (await ownCard.getByText(/^@/).textContent())!;
  // Without JavaScript the close is a plain date and time; with it, a countdown that ticks.
  const closes = member.locator('p', { hasText: 'Voting closes' }).locator('time');
  if (javaScriptEnabled) {
    await expect(closes).toHaveText(/^(\d+d )?\d{2}:\d{2}:\d{2} left$/);
    const shown = await closes.textContent();
    await expect(closes).not.toHaveText(shown!);
  } else await expect(closes).toHaveText(/ UTC$/);

  // The admin rates the entry in place, on the competition page: with JavaScript without leaving it.
  await page.goto(member.url());
  await hydrated(page, javaScriptEnabled);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const card = page.getByRole('region', { name: 'Entries' }).getByRole('listitem').filter({ hasText: buildTitle });
  await card
    .getByRole('group', { name: `rate ${buildTitle}` })
    .locator('label', { hasText: '4 stars' })
    .click();
  await card.getByRole('button', { name: 'Rate' }).click();
  await expect(toasts(page)).toContainText('Rating submitted');
  await expect(card).toContainText('You rated this build 4 stars.');
  await expect(card.getByRole('button', { name: 'Update rating' })).toBeVisible();
  await expect(page.getByText('You are on the jury')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(new URL(member.url()).pathname);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)).toBe(javaScriptEnabled);

  // A member of the community votes for it too: an entry nobody but the jury voted for takes no place.
  const voters = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `10.200.${info.workerIndex}.10` } });
  await signInQuickly(voters, uniqueEmail(`${info.project.name}-voter`));
  const vote = await voters.request.post(`/api/builds/${buildId}/rate`, { headers: { Origin: baseURL! }, data: { rating: 5 } });
  expect(vote.ok(), await vote.text()).toBe(true);
  await voters.close();

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
  await expect(member.getByRole('region', { name: 'Winners' })).toContainText(`Jury prize${username}${buildTitle}`);
  await expect(member.getByRole('region', { name: 'Final standings' })).toContainText(buildTitle);

  // The winner sees their wins: a trophy case on their page (the prize the place was promised,
  // the competition's badge, the jury prize), a ribbon on the winning build's card and page.
  await member.goto(`/u/${username.slice(1)}`);
  await hydrated(member, javaScriptEnabled);
  const trophies = member.getByRole('region', { name: /^Trophy case/ });
  await expect(trophies).toContainText(`1st placeA golden fan${title}${buildTitle}`);
  await expect(trophies).toContainText(`Jury prize${title}${buildTitle}`);
  await expect(trophies.getByRole('link', { name: title }).first()).toHaveAttribute('href', /^\/competitions\/\d+$/);
  // The same wins in the member's JSON.
  const { wins } = (await (await member.request.get(`/api/users/${username.slice(1)}`)).json()) as { wins: unknown[] };
  expect(wins).toEqual([
    expect.objectContaining({ competitionTitle: title, place: 1, juryPrize: false, prize: 'A golden fan', buildTitle }),
    expect.objectContaining({ competitionTitle: title, place: null, juryPrize: true, prize: null, buildTitle }),
  ]);
  const winningCard = member
    .getByRole('region', { name: /^Builds/ })
    .getByRole('article')
    .filter({ hasText: buildTitle });
  await expect(winningCard).toContainText(`Won: 1st place, ${title}+1`);
  for (const width of WIDTHS) {
    await member.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(member);
  }
  await trophies.getByRole('link', { name: buildTitle }).first().click();
  await expect(member.getByRole('heading', { level: 1 })).toHaveText(buildTitle);
  const ribbons = member.getByRole('list', { name: 'Prizes this build won' });
  await expect(ribbons.getByRole('listitem')).toHaveText([`1st place, ${title}`, `Jury prize, ${title}`]);
  for (const width of WIDTHS) {
    await member.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(member);
  }
  await ribbons.getByRole('link', { name: `Jury prize, ${title}` }).click();
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await context.close();
});
