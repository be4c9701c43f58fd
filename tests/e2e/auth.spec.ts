import sharp from 'sharp';
import { expect, holdScripts, hydrated, test } from './fixtures';
import { adminEmail } from '../playwright.config';
import { codeFrom, waitForMail } from './support/outbox';
import { signIn, signInAsNewMember, signInQuickly, toasts, uniqueEmail } from './support/sign-in';

test('a newcomer registers with an e-mailed code, picks a username, writes a bio and logs out', async ({ page }, info) => {
  const email = uniqueEmail(info.project.name);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);

  const dialog = page.getByRole('dialog', { name: 'Choose your username' });
  await expect(dialog).toBeVisible();
  const chosen = `Rig${info.project.name.replace('-', '')}${Date.now() % 100000}`;
  await dialog.getByLabel('Username').fill(chosen);
  await dialog.getByRole('button', { name: 'Save username' }).click();
  await expect(toasts(page)).toContainText('Username updated');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/profile?tab=settings');
  await expect(page.getByRole('region', { name: 'Username' }).getByText(`@${chosen}`)).toBeVisible();
  await page.getByRole('link', { name: 'Edit bio' }).click();
  const bio = page.getByRole('textbox', { name: 'About you' });
  await bio.fill('Triple-fan GPU, zero cable management.');
  if (info.project.name === 'js') await expect(page.getByText('38/500 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page)).toContainText('Bio updated');
  await expect(page.getByText('Triple-fan GPU, zero cable management.')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(toasts(page)).toContainText('Logout successful');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('a bio typed before the scripts ran is counted once they run', async ({ page, javaScriptEnabled }, info) => {
  test.skip(!javaScriptEnabled, 'the character count follows the typing with JavaScript');
  await signInAsNewMember(page, info.project.name);
  const release = await holdScripts(page);
  await page.goto('/profile?tab=settings&edit=bio');
  await page.getByRole('textbox', { name: 'About you' }).fill('Written before hydration');
  release();
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByText('24/500 characters')).toBeVisible();
});

test('a wrong code is refused with the spec message', async ({ page }, info) => {
  const email = uniqueEmail(info.project.name);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = codeFrom(await waitForMail(email));
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrong);
  await page.getByRole('button', { name: 'Verify and Login' }).click();
  await expect(page.getByText('Invalid verification code').first()).toBeVisible();
  await expect(toasts(page)).toContainText('Verification failed');
  await page.getByRole('link', { name: 'Back to email entry' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('an invalid address gets the spec message before anything is sent', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toHaveCount(0);
});

test('the profile is for members: a visitor goes to /auth and comes back after signing in', async ({ page }, info) => {
  await page.goto('/profile?tab=stats');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile%3Ftab%3Dstats$/);
  await signIn(page, uniqueEmail(info.project.name), 'Login');
  await expect(page).toHaveURL(/\/profile\?tab=stats$/);
  await expect(page.getByText('Total Builds')).toBeVisible();
});

test('the avatar menu shows the member and logs out', async ({ page }, info) => {
  await signIn(page, uniqueEmail(info.project.name));
  await page.getByRole('dialog', { name: 'Choose your username' }).getByRole('link', { name: 'Maybe later' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page
    .locator('summary')
    .filter({ hasText: /^Account menu for / })
    .click();
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(toasts(page)).toContainText('You have been logged out');
});

test('ADMIN_EMAILS members get the Admin Dashboard link and badge', async ({ page }, info) => {
  await signIn(page, adminEmail(info.project.name, info.retry), 'Login');
  const dialog = page.getByRole('dialog', { name: 'Choose your username' });
  if (await dialog.isVisible()) await dialog.getByRole('link', { name: 'Maybe later' }).click();
  await page.goto('/profile');
  await expect(page.getByRole('main').getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
});

test('a new avatar is uploaded (compressed in the browser when JavaScript runs)', async ({ page, javaScriptEnabled }, info) => {
  await signInQuickly(page, uniqueEmail(info.project.name));
  await page.goto('/profile');
  await hydrated(page, javaScriptEnabled);
  const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#2ee6ff' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Change avatar').setInputFiles({ name: 'rig.jpg', mimeType: 'image/jpeg', buffer: photo });
  if (info.project.name === 'no-js') await page.getByRole('button', { name: 'Upload avatar' }).click();
  await expect(toasts(page)).toContainText('Avatar updated');
  await expect(page.getByRole('main').locator('img[src^="/uploads/avatars/"]')).toBeVisible();
});
