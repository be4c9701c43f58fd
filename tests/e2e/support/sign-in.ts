import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_DATABASE } from '../../playwright.config';
import { grantAdmin } from '../../support/moderation';
import { codeFrom, countMails, waitForMail } from './outbox';

let counter = 0;

/** Unique across the run: each worker counts its own, so two workers' first addresses in the same millisecond differ by the worker. */
export const uniqueEmail = (project: string) =>
  `player-${project}-${Date.now()}-${process.env.TEST_WORKER_INDEX ?? 0}-${++counter}@e2e.example`;

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

/**
 * Signs `email` in on `on` (a page or a browser context: they share their cookies) as the
 * site's own clients do, through the JSON API, with the code from the dev outbox as
 * signIn reads it. For tests about what a member does once signed in, not about signing
 * in (that is auth.spec.ts's, and the guest flows' that go through the form): the form
 * took each test four page loads of the browser's time, on a machine with two cores.
 * Its first page, which the test does not see, shows "Choose your username" once per
 * session, so it covers nothing the test opens after it (as skipUsernamePrompt does).
 */
export async function signInQuickly(on: { request: APIRequestContext }, email: string) {
  const seen = await countMails(email);
  const sent = await on.request.post('/api/request-login-code', { data: { email } });
  expect(sent.ok(), `a code for ${email}: ${sent.status()} ${await sent.text()}`).toBe(true);
  const code = codeFrom(await waitForMail(email, seen));
  const verified = await on.request.post('/api/verify-login-code', { data: { email, code } });
  expect(verified.ok(), `signing ${email} in: ${verified.status()} ${await verified.text()}`).toBe(true);
  const landed = await on.request.get('/about');
  expect(landed.ok(), `the first page of ${email}'s session: ${landed.status()}`).toBe(true);
}

/** Closes the "Choose your username" prompt if it is showing. */
export async function skipUsernamePrompt(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Choose your username' });
  if (await dialog.isVisible()) await dialog.getByRole('link', { name: 'Maybe later' }).click();
}

/** A new member, signed in (signInQuickly), with the username prompt put off; answers their address. */
export async function signInAsNewMember(page: Page, project: string): Promise<string> {
  const email = uniqueEmail(project);
  await signInQuickly(page, email);
  return email;
}

/**
 * A new admin of the test's own: a new member signed in (signInQuickly), then made an
 * admin in the e2e server's database. Each test (and retry) has its own address, so no
 * two wait on one another's sign-in code; signing in as one of ADMIN_EMAILS is the auth
 * spec's own test.
 */
export async function signInAsNewAdmin(page: Page, project: string) {
  const email = uniqueEmail(`${project}-admin`);
  await signInQuickly(page, email);
  grantAdmin(E2E_DATABASE, email);
}
