import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA } from '../playwright.config';
import { standInForSlowModel } from '../support/roast-line';
import { expect, hydrated, test } from './fixtures';
import { expectApart, expectLandedOn, scrollToWindowBottom } from './support/places';
import { signInQuickly, toasts, uniqueEmail } from './support/sign-in';
import { aPhoto, type UploadFields, uploadThroughForm } from './support/upload-form';

const database = () => join(process.cwd(), E2E_DATA, 'sqlite.db');

const STAND_IN = 'The built-in roaster stood in here: a placeholder roast written while the model was too slow to answer.';

/**
 * Signs a new member in, uploads a build of theirs, lets the built-in roaster stand in for a
 * model too slow to answer, and opens its page again: the roast box, offering the model's roast.
 */
async function standInRoastPage(page: Page, javaScriptEnabled: boolean, label: string, photo: UploadFields['photo']) {
  await page.context().addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  await signInQuickly(page, uniqueEmail(`model-roast-${label.replaceAll(' ', '-')}`));
  const path = await uploadThroughForm(page, javaScriptEnabled, { title: `Impatient ${label} ${Date.now()}`, photo });
  const roastBox = page.getByRole('region', { name: 'AI Roast' });
  await expect(roastBox).toContainText('Roasted by', { timeout: 30_000 });
  standInForSlowModel(database(), Number(path.split('/').pop()), STAND_IN);
  await page.reload();
  await hydrated(page, javaScriptEnabled);
  return roastBox;
}

test("after the owner asks for the AI model's roast, the page waits for it and shows it in the built-in one's place", async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  const roastBox = await standInRoastPage(page, javaScriptEnabled, info.project.name, await aPhoto({ r: 200, g: 60, b: 30 }));
  await expect(roastBox).toContainText(STAND_IN);
  await expect(roastBox).toContainText('the AI model was too slow to answer in time');
  // With JavaScript the page is never loaded again: a mark on this window stays to the end.
  if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { stillThisPage: true }));

  // Asked at the bottom of the window, where a toast shows by default: the note that
  // takes the button's place shows clear of the toast, with or without JavaScript.
  const ask = roastBox.getByRole('button', { name: "Get the AI model's roast instead" });
  await scrollToWindowBottom(ask);
  await ask.click();
  const waiting = roastBox.getByRole('status').filter({ hasText: 'replaces this one' });
  await expect(waiting).toBeVisible();
  await expect(toasts(page)).toContainText('The AI model is on it');
  await expectLandedOn(page, waiting);
  await expectApart(toasts(page).getByRole('status'), waiting);
  await expect(roastBox).not.toContainText(STAND_IN, { timeout: 30_000 });
  await expect(roastBox).toContainText('Roasted by qwen2.5vl:7b');
  await expect(roastBox).not.toContainText('too slow');
  await expect(roastBox.getByRole('button', { name: "Get the AI model's roast instead" })).toHaveCount(0);
  if (javaScriptEnabled) expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
});

test("on a phone, asked a little above the window's bottom, the waiting note shows clear of the toast", async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const roastBox = await standInRoastPage(page, javaScriptEnabled, `phone ${info.project.name}`, await aPhoto({ r: 30, g: 160, b: 60 }));

  // The button 120 px above the bottom: its note, taller on a phone, reaches down to where a toast shows.
  const ask = roastBox.getByRole('button', { name: "Get the AI model's roast instead" });
  await ask.evaluate((node) => {
    const box = node.getBoundingClientRect();
    window.scrollBy({ top: box.bottom - window.innerHeight + 120, behavior: 'instant' });
  });
  await ask.click();
  const waiting = roastBox.getByRole('status').filter({ hasText: 'replaces this one' });
  await expect(waiting).toBeVisible();
  await expect(toasts(page)).toContainText('The AI model is on it');
  await expectApart(toasts(page).getByRole('status'), waiting);
  await expect(roastBox).toContainText('Roasted by qwen2.5vl:7b', { timeout: 30_000 });
});
