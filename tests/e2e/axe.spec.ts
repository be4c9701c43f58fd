import AxeBuilder from '@axe-core/playwright';
import { E2E_DATABASE } from '../playwright.config';
import { holdRoast, releaseRoast } from '../support/roast-line';
import { expect, hydrated, test } from './fixtures';
import { postBuild, roasted } from './support/builds';
import { signInAsNewAdmin } from './support/sign-in';
import type { Page } from '@playwright/test';

/** What axe finds on the page as it stands, as lines a failure message can list. */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    // Experimental in axe, but a screen-reader user meets it: a control's name must contain its visible words.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations.flatMap(({ id, help, nodes }) => nodes.map((node) => `${id} (${help}): ${node.target.join(' ')}`));
}

/**
 * Axe runs as a script in the page, which a browser without JavaScript never starts. So the
 * page a no-JS visitor got (its HTML as that browser parsed it, <noscript> content included)
 * is shown again, without its scripts, on `stage`, a page where axe can run.
 */
async function showWithoutScripts(stage: Page, from: Page): Promise<void> {
  const html = (await from.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<\/?noscript>/gi, '');
  await stage.unrouteAll();
  await stage.route(from.url(), (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await stage.goto(from.url());
}

test('axe finds nothing on the main pages, for a guest and for a signed-in admin', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  // Sixteen pages, each analysed in full; a shared, busy runner needs the margin.
  test.setTimeout(240_000);
  const stage = javaScriptEnabled ? undefined : await (await browser.newContext({ javaScriptEnabled: true })).newPage();
  const check = async (on: Page, path: string) => {
    await on.goto(path);
    await hydrated(on, javaScriptEnabled);
    if (stage) await showWithoutScripts(stage, on);
    expect(await violations(stage ?? on), `${path} (${info.project.name})`).toEqual([]);
  };

  await signInAsNewAdmin(page, info.project.name);
  const buildId = await postBuild(page, baseURL!, `Axe rig ${info.project.name} ${Date.now()}`);
  // The build page as it stays once roasted; the page waiting for its roast is checked last, as its visitor leaves it.
  await roasted(page, buildId, { timeout: 60_000 });
  const { username } = (await (await page.request.get('/api/user')).json()) as { username: string };
  for (const path of [
    '/',
    '/gallery',
    `/build/${buildId}`,
    // The owner's editor: its photo descriptions' fields among the rest.
    `/build/${buildId}/edit`,
    '/leaderboard',
    '/battles',
    '/battles/leaderboard',
    '/competitions',
    `/u/${username}`,
    '/upload',
    '/profile?tab=settings',
    '/notifications',
    '/admin',
    '/admin/users',
  ]) {
    await check(page, path);
  }

  const guest = await browser.newContext({ javaScriptEnabled });
  await guest.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const visitor = await guest.newPage();
  for (const path of ['/', `/build/${buildId}`, '/battles', '/auth', '/no/such/page']) await check(visitor, path);
  await guest.close();

  // The page waiting for its roast updates itself: without JavaScript it reloads every few
  // seconds, which axe's meta-refresh rule names (WCAG 2.2.1) until the visitor stops it
  // (waiting-updates.spec.ts). Checked as the visitor chose, stopped, with every rule on.
  holdRoast(E2E_DATABASE, buildId);
  await page.goto(`/build/${buildId}`);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('link', { name: 'Stop updating' }).click();
  await expect(page.getByText('Updates paused.')).toBeVisible();
  await check(page, `/build/${buildId}?updates=off`);
  releaseRoast(E2E_DATABASE, buildId);
  await stage?.context().close();
});
