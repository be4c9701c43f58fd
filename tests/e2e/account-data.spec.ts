import { readFile } from 'node:fs/promises';
import { expect, hydrated, test } from './fixtures';
import { aMemberWithABuild } from './support/builds';
import { codeFrom, countMails, waitForMail } from './support/outbox';
import { signIn, toasts } from './support/sign-in';
import { readZip } from '#tests/support/zip';

// "Members own their data" (issue 36): the two settings a leaving member needs.

test('Download my data in Settings is a ZIP of the member’s builds and photos, with and without JavaScript', async ({
  page,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const { email, id } = await aMemberWithABuild(page, baseURL!, info.project.name, 'Export');
  await page.goto('/profile?tab=settings');
  await hydrated(page, javaScriptEnabled);

  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rigroast-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = await readZip(await readFile((await download.path())!));
  expect(JSON.parse(files.get('profile.json')!.toString('utf8'))).toMatchObject({ email });
  expect(files.get(`builds/${id}/photo.jpg`)?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

  // Past the hour's downloads the link says why on the page, and saves no page as a file.
  for (let more = 0; more < 4; more++) expect((await page.request.get('/profile/export')).status()).toBe(200);
  let saved = false;
  page.on('download', () => (saved = true));
  await page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' }).click();
  await expect(page.getByText('You downloaded your data several times this hour', { exact: false })).toBeVisible();
  expect(saved).toBe(false);
});

test('Delete my account: a code by e-mail confirms it, then the member is signed out and the account is gone', async ({
  page,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const { email, id } = await aMemberWithABuild(page, baseURL!, info.project.name, 'Leaving');
  await page.goto('/profile?tab=settings');
  await hydrated(page, javaScriptEnabled);
  const section = page.getByRole('region', { name: 'Delete my account' });

  const seen = await countMails(email);
  await section.getByRole('button', { name: 'E-mail me a code to delete my account' }).click();
  await expect(toasts(page)).toContainText('Check your email');
  const mail = await waitForMail(email, seen);
  expect(mail.subject).toMatch(/^Your code to delete your RigRoast account/);
  const code = codeFrom(mail);

  // A wrong code is refused next to its field, and nothing is deleted.
  const field = section.getByLabel(`Code from the e-mail to ${email}`);
  await field.fill(code === '000000' ? '111111' : '000000');
  await section.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(section.getByText('That code is not right.')).toBeVisible();
  await expect(toasts(page)).toContainText('Account not deleted');
  await expect(toasts(page)).not.toContainText('Update failed');

  await section.getByLabel(`Code from the e-mail to ${email}`).fill(code);
  await section.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(toasts(page)).toContainText('Your account was deleted');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile/);
  expect((await page.goto(`/build/${id}`))?.status()).toBe(404);
  // The address is free again: signing in with it makes a new account.
  await signIn(page, email, 'Login');
});
