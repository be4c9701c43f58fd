import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { E2E_DATA, ROAST_LINE_DATABASE, ROAST_LINE_PORT } from '../playwright.config';
import { holdRoastLine, releaseRoast } from '../support/roast-line';
import { expect, hydrated, test } from './fixtures';
import { signInQuickly, uniqueEmail } from './support/sign-in';
import { aPhoto, uploadThroughForm } from './support/upload-form';

// The line of a server of its own (playwright.config.ts): no other spec's roasts stand in it.
test.use({ baseURL: `http://127.0.0.1:${ROAST_LINE_PORT}` });

/** A member in a browser of their own, with their build uploaded; their page and the build's id. */
async function ownerWithBuild(browser: Browser, javaScriptEnabled: boolean, name: string, colour: number) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.42.${colour}.${Math.floor(Math.random() * 250)}` },
  });
  await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const page = await context.newPage();
  await signInQuickly(page, uniqueEmail(name));
  await page.goto('/upload');
  await hydrated(page, javaScriptEnabled);
  const path = await uploadThroughForm(page, javaScriptEnabled, {
    title: `${name} ${Date.now()}`,
    photo: await aPhoto({ r: colour, g: 90, b: 200 }),
  });
  return { page, buildId: Number(path.split('/').pop()) };
}

const roastOf = (page: Page) => page.getByRole('region', { name: 'AI Roast' });

/**
 * The line is the server's, shared by both projects' runs of the spec: each holds it in
 * turn (a folder made atomically is the lock), so the other's held roasts are not ahead.
 * Holding it puts `buildIds` in it (holdRoastLine); letting it go releases them, however
 * the work ended, since held roasts left behind would stand ahead of a retry's.
 */
async function holdingTheLine(buildIds: number[], work: () => Promise<void>) {
  const lock = join(process.cwd(), E2E_DATA, 'roast-line.lock');
  await expect
    .poll(
      () => {
        try {
          mkdirSync(lock);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
  try {
    holdRoastLine(ROAST_LINE_DATABASE, buildIds);
    await work();
  } finally {
    for (const buildId of buildIds) releaseRoast(ROAST_LINE_DATABASE, buildId);
    rmSync(lock, { recursive: true, force: true });
  }
}

test('with two roasts waiting, the second owner is told they are 2nd in line, and the page follows the line until the roast lands', async ({
  browser,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(180_000);
  const first = await ownerWithBuild(browser, javaScriptEnabled, `${info.project.name}-first`, 40);
  const second = await ownerWithBuild(browser, javaScriptEnabled, `${info.project.name}-second`, 80);
  // Both are roasted at once by the quick fake model; those roasts are the times the estimate goes by.
  for (const owner of [first, second]) await expect(roastOf(owner.page)).toContainText('Roasted by', { timeout: 30_000 });

  // The other mode's owners' first roasts may still be written for a few seconds: a place
  // is waited for until the page (its poll, or its refresh without JavaScript) looks between them.
  const aWhile = { timeout: 60_000 };
  // A slow host's line: the first roast is being written, the second waits behind it.
  await holdingTheLine([first.buildId, second.buildId], async () => {
    await second.page.reload();
    await expect(roastOf(second.page)).toContainText('AI is analyzing your PC build...');
    await expect(
      roastOf(second.page)
        .getByRole('status')
        .filter({ hasText: /^2nd in line(, less than a minute)?$/ }),
    ).toBeVisible(aWhile);
    await first.page.reload();
    await expect(roastOf(first.page)).toContainText(/Next in line, less than a minute/, aWhile);
    // The line is the owner's: another member on the second build sees only the waiting view.
    await first.page.goto(`/build/${second.buildId}`);
    await expect(roastOf(first.page)).toContainText('AI is analyzing your PC build...');
    await expect(roastOf(first.page)).not.toContainText('in line');

    // The first roast is written: the second owner's page moves up on its own (its poll, or its refresh without JavaScript).
    releaseRoast(ROAST_LINE_DATABASE, first.buildId);
    await expect(roastOf(second.page)).toContainText(/Next in line, less than a minute/, aWhile);
    releaseRoast(ROAST_LINE_DATABASE, second.buildId);
    await expect(roastOf(second.page)).toContainText('Roasted by', { timeout: 20_000 });
    await expect(roastOf(second.page)).not.toContainText('in line');
  });
});
