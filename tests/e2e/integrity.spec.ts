import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { signInAsNewAdmin, signInQuickly, toasts, uniqueEmail } from './support/sign-in';

/**
 * Four accounts made just now, signing in from one /24 (their own addresses in it),
 * each giving `buildId` 1 star: a burst from accounts created together and from one network.
 */
async function burstOfOneStars(browser: Browser, baseURL: string, info: TestInfo, buildId: number): Promise<string[]> {
  const network = `10.77.${info.project.name === 'js' ? 1 : 2}${info.retry}`;
  const emails: string[] = [];
  for (let index = 0; index < 4; index++) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `${network}.${10 + index}` } });
    await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
    const page = await context.newPage();
    const email = uniqueEmail(`${info.project.name}-troll`);
    await signInQuickly(page, email);
    const rated = await page.request.post(`/build/${buildId}`, { headers: { Origin: baseURL }, form: { intent: 'rate', rating: '1' } });
    expect(rated.ok()).toBe(true);
    emails.push(email);
    await context.close();
  }
  return emails;
}

const ratingCount = async (page: Page, buildId: number) =>
  ((await (await page.request.get(`/api/builds/${buildId}`)).json()) as { ratingCount: number }).ratingCount;

test('staff see a burst of 1-star ratings, discount its accounts (the build’s score drops), and restore one', async ({
  page,
  browser,
  baseURL,
  builds,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  const buildId = await builds.someoneElses(`Burst target ${info.project.name} ${Date.now()}`);
  await burstOfOneStars(browser, baseURL!, info, buildId);
  await signInAsNewAdmin(page, info.project.name);
  expect(await ratingCount(page, buildId)).toBe(4);

  await page.goto('/admin');
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Vote integrity' }).click();
  await expect(page).toHaveURL(/\/admin\/integrity$/);
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect(toasts(page)).toContainText('Scan queued');
  // The scan runs in the background: the finding is there once it is done.
  const finding = page.locator(`[id="burst-${buildId}-1"]`);
  await expect(async () => {
    await page.goto('/admin/integrity');
    await expect(finding).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await hydrated(page, javaScriptEnabled);
  await expect(finding).toContainText('4 1-star ratings of one build');
  await expect(finding).toContainText('created within an hour of each other');
  await expect(finding).toContainText('rated from one network');
  await expect(finding.getByRole('checkbox')).toHaveCount(4);
  await expect(finding.getByRole('table')).toContainText('4 → 0');

  const reason = `Fresh accounts piling 1 star on one build (${info.project.name} ${Date.now()})`;
  await finding.getByLabel('Reason (for the audit log)').fill(reason);
  await finding.getByRole('button', { name: 'Discount selected' }).click();
  await expect(toasts(page)).toContainText('Ratings discounted');
  await expect(finding.getByText('Discounted')).toHaveCount(4);
  expect(await ratingCount(page, buildId)).toBe(0);
  const discounted = page.locator('li[id^="discounted-"]', { hasText: reason });
  await expect(discounted).toHaveCount(4);
  // Each name leads to the member's staff page.
  await expect(discounted.first().getByRole('link', { name: /^Staff page of @/ })).toHaveAttribute('href', /^\/admin\/users\/\d+$/);

  const first = discounted.first();
  const appeal = `Appeal: a real member (${info.project.name} ${Date.now()})`;
  await first.getByLabel('Reason (for the audit log)').fill(appeal);
  await first.getByRole('button', { name: 'Restore ratings' }).click();
  await expect(toasts(page)).toContainText('Ratings restored');
  await expect(discounted).toHaveCount(3);
  expect(await ratingCount(page, buildId)).toBe(1);

  await page.goto('/admin/audit');
  await expect(page.getByRole('table')).toContainText('Discounted ratings');
  await expect(page.getByRole('table')).toContainText(appeal);
});
