import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { aNamedMember } from './support/members';
import { expectHighlighted, expectLandedOn, postComment, VIEWPORTS } from './support/places';
import { signInAsNewMember, signInQuickly, toasts, uniqueEmail } from './support/sign-in';

// Each test waits for a roast or RoastBot's reply from the fake vision model first, and signs several members in.
test.describe.configure({ timeout: 120_000 });

test('someone comments on your build: the bell counts it, /notifications shows it, mark all read', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, `${info.project.name}-notified`);
  const title = `Bell rig ${info.project.name} ${Date.now()}`;
  const id = await postBuild(page, baseURL!, title);
  // The roast lands first (it earns an achievement, itself a notification); then the slate is cleaned.
  await page.goto(`/build/${id}`);
  await expect(page.getByRole('group', { name: 'Did this roast land?' })).toBeAttached({ timeout: 30_000 });
  await page.goto('/notifications');
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('article', { name: /^Unread: You earned the achievement/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(toasts(page)).toContainText('All notifications marked as read');
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // Another member comments, from their own browser.
  const other = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `10.97.${Math.floor(Math.random() * 250)}.7` } });
  await other.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const commenter = await other.newPage();
  await signInQuickly(commenter, uniqueEmail(`${info.project.name}-commenter`));
  const posted = await commenter.request.post(`/build/${id}`, {
    headers: { Origin: baseURL! },
    form: { intent: 'comment', form: 'comment-new', content: 'Those cables deserve a medal' },
  });
  expect(posted.ok()).toBe(true);
  await other.close();

  // The next page the owner opens has the count: a plain link to /notifications.
  await page.getByRole('link', { name: 'Gallery' }).first().click();
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const item = page.getByRole('article', { name: new RegExp(`^Unread: .+ commented on “${title}”$`) });
  await expect(item).toContainText('Those cables deserve a medal');

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(toasts(page)).toContainText('All notifications marked as read');
  await expect(page.getByRole('article', { name: /commented on/ })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Unread:/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // Where it happened: the comment on the build page.
  await page.getByRole('button', { name: /commented on/ }).click();
  await expect(page).toHaveURL(new RegExp(`/build/${id}\\?comments=all#comment-\\d+$`));
  await expect(page.getByRole('article', { name: /^Comment by / })).toContainText('Those cables deserve a medal');
});

test('three people comment on a build: one line says so, and opening it lands on the newest comment and marks it read', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, `${info.project.name}-grouped`);
  const title = `Neon Noir ${info.project.name} ${Date.now()}`;
  const id = await postBuild(page, baseURL!, title);
  await page.goto(`/build/${id}`);
  await expect(page.getByRole('group', { name: 'Did this roast land?' })).toBeAttached({ timeout: 30_000 });
  await page.goto('/notifications');
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('You are all caught up.')).toBeVisible();

  const names: string[] = [];
  let newest = 0;
  const someoneComments = async (prefix: string) => {
    const member = await aNamedMember(browser, baseURL!, info.project.name, prefix);
    newest = await postComment(member.page, baseURL!, id, `Love the glow, says ${prefix}`);
    names.push(member.username);
    await member.context.close();
  };
  for (const prefix of ['ada', 'bo', 'cy']) await someoneComments(prefix);

  for (const [round, viewport] of VIEWPORTS.entries()) {
    // The line gathers whoever comments next, and is news again.
    if (round > 0) await someoneComments('dee');
    await page.setViewportSize(viewport);
    await page.goto('/notifications');
    await hydrated(page, javaScriptEnabled);
    // The bell counts the line once.
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    const line = page.getByRole('article', { name: `Unread: ${names.length} people commented on “${title}”` });
    await expect(line).toBeVisible();
    // The latest names first, and the newest comment.
    await expect(line).toContainText(`${names.at(-1)}, ${names.at(-2)}`);
    await expect(line).toContainText(`Love the glow, says ${round > 0 ? 'dee' : 'cy'}`);
    await expect(page.getByRole('article', { name: /commented on/ })).toHaveCount(1);

    await line.getByRole('button', { name: `${names.length} people commented on “${title}”`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/build/${id}\\?comments=all#comment-${newest}$`));
    await expectLandedOn(page, page.locator(`#comment-${newest}`));
    await expectHighlighted(page.locator(`#comment-${newest}`));
    // Opened, so read: the bell has nothing to count.
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await page.goto('/notifications');
    await expect(page.getByText('You are all caught up.')).toBeVisible();
    await expect(page.getByRole('article', { name: `${names.length} people commented on “${title}”` })).toBeVisible();
  }
});
