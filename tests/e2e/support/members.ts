import { type Browser, expect, type Page } from '@playwright/test';
import { signInQuickly, uniqueEmail } from './sign-in';

let named = 0;

/**
 * Another member, signed in (signInQuickly) in a browser of their own and
 * renamed through the profile's form to a name of their own (starting `prefix`),
 * so a test can find their name on the pages it reads. Close `context` when done.
 */
export async function aNamedMember(browser: Browser, baseURL: string, project: string, prefix: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const page: Page = await context.newPage();
  await signInQuickly(page, uniqueEmail(`${project}-${prefix}`));
  const username = `${prefix}-${project}-${Date.now().toString(36)}${++named}`;
  const renamed = await page.request.post('/profile', {
    headers: { Origin: baseURL },
    form: { intent: 'username', username, redirectTo: '/about' },
  });
  expect(renamed.ok()).toBe(true);
  return { context, page, username };
}
