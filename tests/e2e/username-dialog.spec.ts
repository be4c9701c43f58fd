import { createHash } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { signIn, toasts, uniqueEmail } from './support/sign-in';

/** The generated name of another new member, signed in from a browser of their own on another network. */
async function someoneElsesName(browser: Browser, javaScriptEnabled: boolean, email: string): Promise<string> {
  const id = createHash('sha256').update(email).digest();
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': `10.${id[0]}.${id[1]}.${id[2]}` } });
  await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const page = await context.newPage();
  await signIn(page, email);
  const name = await page.getByRole('dialog', { name: 'Choose your username' }).locator('strong').textContent();
  await context.close();
  return name!.replace(/^@/, '');
}

test('"Choose your username" stays open on a bad name, with the reason under the field, until a good one is saved', async ({
  page,
  browser,
  javaScriptEnabled,
}, info) => {
  const taken = await someoneElsesName(browser, javaScriptEnabled, uniqueEmail(`${info.project.name}-other`));
  await signIn(page, uniqueEmail(info.project.name));
  const dialog = page.getByRole('dialog', { name: 'Choose your username' });
  const field = dialog.getByLabel('Username');

  const refusals: [string, string][] = [
    ['ab', 'Username must be at least 3 characters long'],
    ['R0astB0t', 'This username is reserved. Please choose another one.'],
    [taken, 'This username is already taken. Please choose another one.'],
  ];
  for (const [name, message] of refusals) {
    await hydrated(page, javaScriptEnabled);
    await field.fill(name);
    await dialog.getByRole('button', { name: 'Save username' }).click();
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(field).toHaveValue(name);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }

  const chosen = `Picked${info.project.name.replace('-', '')}${Date.now() % 100000}`;
  await hydrated(page, javaScriptEnabled);
  await field.fill(chosen);
  await dialog.getByRole('button', { name: 'Save username' }).click();
  await expect(toasts(page)).toContainText('Username updated');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('summary').filter({ hasText: `Account menu for ${chosen}` })).toBeVisible();
});
