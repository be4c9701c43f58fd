import { expect, hydrated, test } from './fixtures';
import { someoneElsesBuild } from './support/builds';
import { signIn, signInAsAdminFrom, skipUsernamePrompt, toasts, uniqueEmail } from './support/sign-in';

const DAY = 24 * 3600_000;

test('a moderator warns and suspends a member with a reason; the member sees both and cannot comment', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const buildId = await someoneElsesBuild(browser, baseURL!, project, `Toolkit rig ${project} ${Date.now()}`);
  const memberEmail = uniqueEmail(`${project}-suspended`);
  const member = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await member.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const memberPage = await member.newPage();
  await signIn(memberPage, memberEmail);
  await skipUsernamePrompt(memberPage);

  await signInAsAdminFrom(page, info, 16);
  await page.goto(`/admin/users?q=${encodeURIComponent(memberEmail)}`);
  await hydrated(page, javaScriptEnabled);
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('link', { name: /^Staff page of @/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await hydrated(page, javaScriptEnabled);

  const warn = page.getByRole('form', { name: 'Warn' });
  await warn.getByLabel('Message to the member').fill('Roast the rig, not the person.');
  await warn.getByRole('button', { name: 'Send warning' }).click();
  await expect(toasts(page)).toContainText('Warning sent');

  // A suspension needs a reason: refused in place, nothing done.
  const until = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
  const suspend = page.getByRole('form', { name: 'Suspend' });
  await suspend.getByLabel('Suspended until (00:00 UTC)').fill(until);
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByRole('form', { name: 'Suspend' }).getByText('Reason is required')).toBeVisible();
  await expect(page.getByText(/^Suspended until \d/)).toHaveCount(0);
  await page.getByRole('form', { name: 'Suspend' }).getByLabel('Reason').fill('Flame war in the comments');
  await page.getByRole('form', { name: 'Suspend' }).getByLabel('Suspended until (00:00 UTC)').fill(until);
  await page.getByRole('form', { name: 'Suspend' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(toasts(page)).toContainText('Member suspended');
  const [year, month, day] = until.split('-').map(Number) as [number, number, number];
  const shown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, day),
  );
  await expect(page.getByText(`Suspended until ${shown}, 00:00 UTC`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Warnings' })).toContainText('Roast the rig, not the person.');

  // The member: still signed in, told until when, and offered no comment box; a post anyway is refused.
  await memberPage.goto(`/build/${buildId}`);
  await hydrated(memberPage, javaScriptEnabled);
  const message = `Your account is suspended until ${shown}, 00:00 UTC.`;
  await expect(memberPage.getByText(message).first()).toBeVisible();
  await expect(memberPage.getByPlaceholder('Add a comment...')).toHaveCount(0);
  const refused = await memberPage.request.post(`/build/${buildId}`, {
    headers: { Origin: baseURL! },
    form: { intent: 'comment', form: 'comment-new', content: 'Let me in' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(message);

  // The warning: on every page until acknowledged, and in the notifications.
  const notice = memberPage.getByRole('region', { name: 'Warnings from the moderators' });
  await expect(notice).toContainText('Roast the rig, not the person.');
  await notice.getByRole('button', { name: 'I understand' }).click();
  await expect(toasts(memberPage)).toContainText('Warning acknowledged');
  await expect(notice).toHaveCount(0);
  await expect(memberPage).toHaveURL(new RegExp(`/build/${buildId}$`));
  await memberPage.goto('/notifications');
  await expect(memberPage.getByText('A moderator warned you: “Roast the rig, not the person.”')).toBeVisible();
  await member.close();
});
