import { expect, hydrated, test } from './fixtures';
import { WARNING_MAX_LENGTH } from '~/domain/member-moderation';
import { postBuild } from './support/builds';
import { WIDTHS, wordsBroken } from './support/layout';
import { signInAsNewAdmin, signInQuickly, toasts, uniqueEmail } from './support/sign-in';

/** The site's own words in the admin tables: buttons, the columns' names, an id (the first column), badges. */
const ADMIN_TABLE_LABELS = 'main button, main th, main a[class*="uppercase"], main td:first-child, main td span[class*="uppercase"]';

test('an admin finds a build with the search box and deletes it after confirming', async ({ page, baseURL, javaScriptEnabled }, info) => {
  test.setTimeout(60_000);
  await signInAsNewAdmin(page, info.project.name);
  // With a member's longest word in it, as titles may have.
  const title = `Condemned ${info.project.name} ${Date.now()} ${'W'.repeat(60)}`;
  const id = await postBuild(page, baseURL!, title);

  await page.goto('/admin');
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await page.getByRole('searchbox', { name: 'Search builds and users' }).fill(title);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/builds\?q=Condemned/);
  const rows = page.getByRole('table', { name: 'Builds' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  // The site's own words (Search, the columns' names, the ids, Delete) stay whole beside it, on a phone and a desktop.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await wordsBroken(page, ADMIN_TABLE_LABELS), `at ${width} px`).toEqual([]);
    await page.screenshot({ path: info.outputPath(`admin-builds-${width}.png`) });
  }
  // The Users tab keeps the search.
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' })).toHaveAttribute(
    'href',
    /q=Condemned/,
  );

  await page.getByRole('link', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete build' });
  await expect(dialog).toContainText('Are you sure you want to delete this build? This action cannot be undone.');
  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(2);

  await page.getByRole('link', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete build' }).getByRole('button', { name: 'Delete build' }).click();
  await expect(toasts(page)).toContainText('Build deleted successfully');
  await expect(page.getByText('No builds found.')).toBeVisible();
  const gone = await page.request.get(`/build/${id}`);
  expect(gone.status()).toBe(404);
});

test('an admin disables and enables a member and toggles moderator, each after confirming', async ({
  page,
  browser,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  const memberEmail = uniqueEmail(`${info.project.name}-managed`);
  const other = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await other.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const memberPage = await other.newPage();
  await signInQuickly(memberPage, memberEmail);

  await signInAsNewAdmin(page, info.project.name);
  await page.goto(`/admin/users?q=${encodeURIComponent(memberEmail)}`);
  await hydrated(page, javaScriptEnabled);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: memberEmail });
  await expect(row).toContainText('Active');

  const confirm = async (action: RegExp, dialogName: string, toast: string) => {
    await row.getByRole('link', { name: action }).click();
    await page.getByRole('dialog', { name: dialogName }).getByRole('button', { name: dialogName }).click();
    await expect(toasts(page)).toContainText(toast);
  };

  await confirm(/^Disable @/, 'Disable user', 'User status updated successfully');
  await expect(row).toContainText('Disabled');
  // Their session ended at once.
  await memberPage.goto('/profile');
  await expect(memberPage).toHaveURL(/\/auth\?redirectTo=%2Fprofile/);

  await confirm(/^Enable @/, 'Enable user', 'User status updated successfully');
  await expect(row).toContainText('Active');

  await confirm(/^Make moderator @/, 'Make moderator', 'Moderator status updated successfully');
  await expect(row).toContainText('Moderator');
  // Its badges ("Moderator", "Active") stay whole words beside the member's address, on a phone and a desktop.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await wordsBroken(page, ADMIN_TABLE_LABELS), `at ${width} px`).toEqual([]);
  }
  await confirm(/^Remove moderator @/, 'Remove moderator', 'Moderator status updated successfully');
  await expect(row.getByText('Moderator', { exact: true })).toHaveCount(0);
  await other.close();
});

test('a member who opens the dashboard is told they have no access', async ({ page }, info) => {
  await signInQuickly(page, uniqueEmail(info.project.name));
  const response = await page.goto('/admin/users');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText(
      "You don't have permission to access the admin dashboard. Please contact an administrator if you believe this is an error.",
    ),
  ).toBeVisible();
});

test('a build hidden from its page waits in the moderation queue, is approved, then hidden again and rejected', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  const other = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await other.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const ownerPage = await other.newPage();
  await signInQuickly(ownerPage, uniqueEmail(`${info.project.name}-moderated`));
  const title = `Questionable ${info.project.name} ${Date.now()}`;
  const id = await postBuild(ownerPage, baseURL!, title);

  await signInAsNewAdmin(page, info.project.name);
  const hide = async () => {
    await page.goto(`/build/${id}`);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole('button', { name: 'Hide this build' }).click();
    await expect(toasts(page)).toContainText('Build hidden');
  };
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });

  await hide();
  await page.goto('/admin/moderation');
  await hydrated(page, javaScriptEnabled);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page)).toContainText('Build approved');
  await expect(card).toHaveCount(0);
  expect((await ownerPage.request.get(`/build/${id}`)).status()).toBe(200);

  await hide();
  await page.goto('/admin/moderation');
  await hydrated(page, javaScriptEnabled);
  await card.getByLabel('Reason shown to the owner').selectOption({ label: 'Shows people or faces' });
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(toasts(page)).toContainText('Build rejected');
  await ownerPage.goto(`/build/${id}`);
  await expect(ownerPage.getByText('build photos may not show people or faces')).toBeVisible();
  await other.close();
});

test('an admin creates a competition, fixing what the form points out, and it opens on the home page', async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(60_000);
  await signInAsNewAdmin(page, info.project.name);
  await page.goto('/admin/competitions');
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('link', { name: 'New competition' }).click();
  await expect(page.getByRole('heading', { name: 'New competition' })).toBeVisible();
  await hydrated(page, javaScriptEnabled);

  const title = `Frost Cup ${info.project.name} ${Date.now()}`;
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('Theme').fill('All-white builds');
  await page.getByLabel('Description').fill('Show your frostiest build.');
  await page.getByLabel('Prizes').fill('A trophy\nBragging rights');
  await page.getByLabel('Starts on (UTC)').fill(today);
  await page.getByLabel('Ends after (UTC)').fill(today);
  await page.getByRole('button', { name: 'Create competition' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create competition' }).click();
  await expect(toasts(page)).toContainText('Competition created');
  await expect(page.getByRole('table', { name: 'Competitions' }).getByRole('row').filter({ hasText: title })).toContainText('Active');
  // On a phone each row is a card: its status is a badge as wide as its word, not a bar across the card.
  await page.setViewportSize({ width: WIDTHS[0], height: 844 });
  const status = page
    .getByRole('table', { name: 'Competitions' })
    .getByRole('row')
    .filter({ hasText: title })
    .getByText('Active', { exact: true });
  const [badge, cell] = [await status.boundingBox(), await status.locator('xpath=ancestor::td[1]').boundingBox()];
  expect(badge!.width, 'the status badge is as wide as its word').toBeLessThan(cell!.width / 2);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test("the audit log keeps its own words whole beside a member's longest word", async ({ page, browser, javaScriptEnabled }, info) => {
  await signInAsNewAdmin(page, info.project.name);
  const admin = (await (await page.request.get('/api/user')).json()) as { id: number };
  const member = await browser.newContext();
  await signInQuickly(member, uniqueEmail(`${info.project.name}-audited`));
  const memberId = ((await (await member.request.get('/api/user')).json()) as { id: number }).id;
  await member.close();
  // A staff measure's message is the member's longest word: the Details column's min-content is one letter wide.
  const warned = await page.request.post(`/api/admin/users/${memberId}/warnings`, { data: { message: 'W'.repeat(WARNING_MAX_LENGTH) } });
  expect(warned.ok()).toBe(true);

  await page.goto(`/admin/audit?actor=${admin.id}`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  // What was done and when are the site's words: "Warned member" never breaks into "Warn / ed memb / er".
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await wordsBroken(page, 'main td[data-label="What"], main td[data-label="When"]'), `at ${width} px`).toEqual([]);
  }
  // A name a column can hold stays whole too: "@RadiantFalcon6814", not "@Radi / antFa / lcon6814".
  await page.setViewportSize({ width: WIDTHS[1], height: 800 });
  expect(await wordsBroken(page, 'main td[data-label="Who"] a, main td[data-label="On"] a')).toEqual([]);
});

test("the staff search box stays inside the page's column on a phone, in line with the tabs above it", async ({
  page,
  javaScriptEnabled,
}, info) => {
  await signInAsNewAdmin(page, info.project.name);
  await page.setViewportSize({ width: WIDTHS[0], height: 844 });
  await page.goto('/admin');
  await hydrated(page, javaScriptEnabled);
  const column = await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).evaluate((heading) => {
    const box = heading.parentElement!;
    const style = getComputedStyle(box);
    const { left, right } = box.getBoundingClientRect();
    return { left: left + parseFloat(style.paddingLeft), right: right - parseFloat(style.paddingRight) };
  });
  const search = (await page.getByRole('search').boundingBox())!;
  expect(search.x).toBeGreaterThanOrEqual(column.left - 0.5);
  expect(search.x + search.width, 'the Search button ends where the column does').toBeLessThanOrEqual(column.right + 0.5);
});
