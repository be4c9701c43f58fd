import { expect, hydrated, test } from './fixtures';
import { REASON_MAX_LENGTH } from '~/domain/member-moderation';
import { someoneElsesBuild } from './support/builds';
import { expectApart, expectLandedOn } from './support/places';
import { signInAsNewAdmin, signInQuickly, toasts, uniqueEmail } from './support/sign-in';

const DAY = 24 * 3600_000;

test('a moderator warns and suspends a member with a reason; the member sees both, cannot comment, and appeals to the queue', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(180_000);
  const project = info.project.name;
  const buildTitle = `Toolkit rig ${project} ${Date.now()}`;
  const buildId = await someoneElsesBuild(browser, baseURL!, project, buildTitle);
  const memberEmail = uniqueEmail(`${project}-suspended`);
  const member = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await member.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const memberPage = await member.newPage();
  await signInQuickly(memberPage, memberEmail);
  const commented = await memberPage.request.post(`/api/builds/${buildId}/comment`, {
    headers: { Origin: baseURL! },
    data: { content: 'This rig is a fire hazard and so are you.' },
  });
  expect(commented.status()).toBe(201);

  await signInAsNewAdmin(page, info.project.name);
  await page.goto(`/admin/users?q=${encodeURIComponent(memberEmail)}`);
  await hydrated(page, javaScriptEnabled);
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('link', { name: /^Staff page of @/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await hydrated(page, javaScriptEnabled);
  // What they did lately, linked: their comment, on the build it is on.
  const recentComments = page.getByRole('region', { name: 'Recent activity' }).getByRole('region', { name: 'Comments', exact: true });
  await expect(recentComments).toContainText('This rig is a fire hazard and so are you.');
  await expect(recentComments.getByRole('link', { name: buildTitle })).toHaveAttribute(
    'href',
    new RegExp(`^/build/${buildId}#comment-\\d+$`),
  );

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
  // The staff page says why, and changing the suspension starts from the one in force.
  await expect(page.getByRole('region', { name: 'Why they are suspended' })).toContainText('Flame war in the comments');
  const change = page.getByRole('form', { name: 'Change the suspension' });
  await expect(change.getByLabel('Suspended until (00:00 UTC)')).toHaveValue(until);
  await expect(change.getByLabel('Reason')).toHaveValue('Flame war in the comments');
  await expect(change.getByRole('button', { name: 'Change end date' })).toBeVisible();
  const staffPage = page.url();

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

  // Their profile offers no upload they would be refused.
  await memberPage.goto('/profile');
  await hydrated(memberPage, javaScriptEnabled);
  await expect(memberPage.getByText('You can upload your first build once your suspension ends.')).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Upload New Build' })).toHaveCount(0);
  // Nor does the header, at either width (a phone's is in the menu), where the moderator's offers both.
  const headerUploads = (of: typeof page) => of.getByRole('banner').getByRole('link', { name: 'Upload', exact: true, includeHidden: true });
  await expect(headerUploads(memberPage)).toHaveCount(0);
  await expect(headerUploads(page)).toHaveCount(2);
  // Nor do the home and about pages: the drop zone says why instead, and the moderator's home still offers both.
  await memberPage.goto('/');
  await hydrated(memberPage, javaScriptEnabled);
  const main = memberPage.getByRole('main');
  await expect(main.getByText('Uploads are paused while your account is suspended.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'See your standing' })).toHaveAttribute('href', '/standing#suspension');
  await expect(main.getByRole('link', { name: 'Upload your build' })).toHaveCount(0);
  await expect(main.getByText('Drop a photo of your build')).toHaveCount(0);
  await memberPage.goto('/about');
  await expect(memberPage.getByRole('main').getByRole('link', { name: 'Upload your build' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Upload your build' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Drop a photo of your build')).toBeVisible();
  await memberPage.goto(`/build/${buildId}`);
  await hydrated(memberPage, javaScriptEnabled);

  // Told why, and how to ask a moderator to look again: once, in their own words.
  const suspendedNotice = memberPage.getByRole('status').filter({ hasText: message }).first();
  await expect(suspendedNotice).toContainText('Why: Flame war in the comments');
  await suspendedNotice.getByRole('link', { name: 'Ask a moderator to look again' }).click();
  await expect(memberPage).toHaveURL(/\/standing#suspension$/);
  await hydrated(memberPage, javaScriptEnabled);
  const appeal = memberPage.getByRole('region', { name: 'Suspension', exact: true });
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(appeal.getByText('Your message is required')).toBeVisible();
  const appealText = `It was a joke between friends (${project} ${Date.now()}).`;
  await appeal.getByLabel('Why should a moderator look again?').fill(appealText);
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(toasts(memberPage)).toContainText('Appeal sent');
  await expect(appeal).toContainText('You asked a moderator to look again');
  await expect(appeal.getByRole('button', { name: 'Send appeal' })).toHaveCount(0);

  // The appeal reaches the queue staff work from; a moderator keeps the suspension with a reply.
  await page.goto('/admin/moderation');
  await hydrated(page, javaScriptEnabled);
  const waiting = page.getByTestId('appeal').filter({ hasText: appealText });
  await expect(waiting).toContainText('Flame war in the comments');
  await waiting.getByLabel('Reply to the member (they read it)').fill('The thread speaks for itself.');
  await waiting.getByRole('button', { name: 'Keep the suspension' }).click();
  await expect(toasts(page)).toContainText('Appeal upheld');
  await expect(page.getByTestId('appeal').filter({ hasText: appealText })).toHaveCount(0);
  await page.goto(staffPage);
  await expect(page.getByRole('region', { name: 'Appeals', exact: true })).toContainText('The thread speaks for itself.');

  // The member is told, and the decision is final.
  await memberPage.goto('/notifications');
  await expect(
    memberPage.getByText('A moderator looked at your appeal and kept the suspension: “The thread speaks for itself.”'),
  ).toBeVisible();
  await expect(memberPage.getByText(/A moderator suspended your account until .+: “Flame war in the comments”/)).toBeVisible();
  await memberPage.goto('/standing');
  await expect(memberPage.getByRole('region', { name: 'Suspension', exact: true })).toContainText('A moderator kept the suspension');
  await expect(memberPage.getByRole('button', { name: 'Send appeal' })).toHaveCount(0);

  // The audit log says each of it in words, and names the member with a link to their staff page.
  await page.goto('/admin/audit');
  const log = page.getByRole('table');
  const memberLink = `a[href="${new URL(staffPage).pathname}"]`;
  const suspendedRow = log
    .getByRole('row')
    .filter({ hasText: 'Flame war in the comments' })
    .filter({ has: page.locator(memberLink) });
  await expect(suspendedRow.filter({ hasText: 'Suspended member' })).toHaveCount(1);
  await expect(suspendedRow.filter({ hasText: 'Upheld on appeal' })).toHaveCount(1);
  await expect(log).not.toContainText('suspend-member');

  // The warning: on every page until acknowledged, and in the notifications.
  await memberPage.goto(`/build/${buildId}`);
  await hydrated(memberPage, javaScriptEnabled);
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

test("on a phone, an appeal against a suspension with a long reason lands on the appeal's answer, clear of the toast", async ({
  page,
  browser,
  javaScriptEnabled,
}, info) => {
  // Staff suspend a member with the longest reason the form takes: the appeal sits below it.
  await signInAsNewAdmin(page, info.project.name);
  const member = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await member.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const memberPage = await member.newPage();
  await signInQuickly(memberPage, uniqueEmail(`${info.project.name}-long-reason`));
  const memberId = ((await (await memberPage.request.get('/api/user')).json()) as { id: number }).id;
  const until = new Date(Date.now() + 3 * DAY);
  until.setUTCHours(0, 0, 0, 0);
  const reason = `Flame war in the comments. ${'Roast the rig, not the person. '.repeat(20)}`.slice(0, REASON_MAX_LENGTH).trim();
  const suspended = await page.request.patch(`/api/admin/users/${memberId}/suspension`, { data: { until: until.toISOString(), reason } });
  expect(suspended.ok()).toBe(true);

  await memberPage.goto('/standing');
  await hydrated(memberPage, javaScriptEnabled);
  const appeal = memberPage.getByRole('region', { name: 'Suspension', exact: true });
  await appeal.getByLabel('Why should a moderator look again?').fill('It was a joke between friends.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  const answer = appeal.getByText('You asked a moderator to look again');
  await expect(answer).toBeVisible();
  await expect(toasts(memberPage)).toContainText('Appeal sent');
  // The page lands on the answer, not on the section's heading far above it, and the toast leaves it readable.
  await expectLandedOn(memberPage, answer);
  await expectApart(toasts(memberPage).getByRole('status'), answer);
  await member.close();
});
