import type { Page } from '@playwright/test';
import { E2E_DATABASE } from '../playwright.config';
import { holdRoast, releaseRoast } from '../support/roast-line';
import { expect, hydrated, test } from './fixtures';
import { postBuild, roasted } from './support/builds';
import { signInAsNewMember } from './support/sign-in';
import { ROAST_POLL_MS } from '~/utils/constants';

const roastOf = (page: Page) => page.getByRole('region', { name: 'AI Roast' });

/** Counts the page's looks again from now on: a reload (the meta refresh) or a read of its data (the poll). */
function looksAgain(page: Page): () => number {
  let looks = 0;
  page.on('load', () => looks++);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) looks++;
  });
  return () => looks;
}

// WCAG 2.2.1: the page waiting for its roast updates itself (a reload every 5 s without
// JavaScript), and the visitor may stop that, look again when they choose, and resume.
test('the page waiting for its roast stops updating when asked, checks again on request, and resumes', async ({
  page,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  await signInAsNewMember(page, info.project.name);
  const id = await postBuild(page, baseURL!, `Patient rig ${info.project.name} ${Date.now()}`);
  await page.goto(`/build/${id}`);
  await expect(roastOf(page)).toContainText('Roasted by', { timeout: 30_000 });
  // A fresh roast, held: the page waits until the test lets it be written.
  holdRoast(E2E_DATABASE, id);
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  await expect(roastOf(page)).toContainText('AI is analyzing your PC build...');
  await expect(page.getByText('The AI roast is on its way. This page updates every few seconds.')).toBeVisible();
  if (!javaScriptEnabled) await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);

  // The link that stops it is first in the page, a Tab after the skip link: in reach before the next reload.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Stop updating' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/build/${id}\\?updates=off$`));
  await expect(page.getByText('The AI roast is on its way. Updates paused.')).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);

  // The roast is written meanwhile: the stopped page neither reloads nor polls, and still says it waits.
  const looks = looksAgain(page);
  releaseRoast(E2E_DATABASE, id);
  await roasted(page, id);
  await page.waitForTimeout(ROAST_POLL_MS + 1500);
  expect(looks()).toBe(0);
  await expect(roastOf(page)).toContainText('AI is analyzing your PC build...');

  // Checking again shows it, and the page stays as the visitor left it: not updating itself.
  await page.getByRole('link', { name: 'Check again' }).click();
  await expect(roastOf(page)).toContainText('Roasted by');
  await expect(page).toHaveURL(new RegExp(`/build/${id}\\?updates=off$`));
  await expect(page.getByText('Updates paused.')).toHaveCount(0);

  // Waiting again on the stopped page: resuming has it update itself until the roast lands.
  holdRoast(E2E_DATABASE, id);
  await page.reload();
  await hydrated(page, javaScriptEnabled);
  await expect(roastOf(page)).toContainText('AI is analyzing your PC build...');
  await page.getByRole('link', { name: 'Resume updates' }).click();
  await expect(page).toHaveURL(new RegExp(`/build/${id}$`));
  await expect(page.getByRole('link', { name: 'Stop updating' })).toBeVisible();
  releaseRoast(E2E_DATABASE, id);
  await expect(roastOf(page)).toContainText('Roasted by', { timeout: 20_000 });
  await expect(page.getByText('This page updates every few seconds.')).toHaveCount(0);
});
