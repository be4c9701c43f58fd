import { expect, type Page } from '@playwright/test';
import { E2E_DATABASE } from '../../playwright.config';
import { grantAdmin } from '../../support/moderation';
import { codeFrom, countMails, waitForMail } from './outbox';

let counter = 0;

export const uniqueEmail = (project: string) => `player-${project}-${Date.now()}-${++counter}@e2e.example`;

export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

/**
 * Registers (or logs in) through the real form and the dev outbox, as a person
 * would; `expectToast` is what the page should say once signed in.
 */
export async function signIn(page: Page, email: string, tab: 'Login' | 'Register' = 'Register', expectToast = 'Login successful') {
  if (new URL(page.url()).pathname !== '/auth') await page.goto('/auth');
  const tabLink = page.getByRole('navigation', { name: 'Log in or register' }).getByRole('link', { name: tab });
  await tabLink.click();
  // With JavaScript the tab opens by a client-side navigation: fill in its form, not the one it replaces.
  await expect(tabLink).toHaveAttribute('aria-current', 'page');
  const seen = await countMails(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(toasts(page)).toContainText('Verification code sent');
  const code = codeFrom(await waitForMail(email, seen));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: tab === 'Login' ? 'Verify and Login' : 'Verify and Continue' }).click();
  await expect(toasts(page)).toContainText(expectToast);
}

/** Closes the "Choose your username" prompt if it is showing. */
export async function skipUsernamePrompt(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Choose your username' });
  if (await dialog.isVisible()) await dialog.getByRole('link', { name: 'Maybe later' }).click();
}

/** A new member, signed in through the real form, with the username prompt put off. */
export async function signInAsNewMember(page: Page, project: string) {
  await signIn(page, uniqueEmail(project));
  await skipUsernamePrompt(page);
}

/**
 * A new admin of the test's own: a new member signed in through the real form, then
 * made an admin in the e2e server's database. Each test (and retry) has its own
 * address, so no two wait on one another's sign-in code; signing in as one of
 * ADMIN_EMAILS is the auth spec's own test.
 */
export async function signInAsNewAdmin(page: Page, project: string) {
  const email = uniqueEmail(`${project}-admin`);
  await signIn(page, email);
  grantAdmin(E2E_DATABASE, email);
  await skipUsernamePrompt(page);
}
