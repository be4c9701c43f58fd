import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures';
import { someoneElsesBuild } from './support/builds';

const titles = ['Welcome to RigRoast', 'Upload your rig', 'Rate the competition', 'Join the banter', 'Climb the leaderboards'];

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled);

  test('a first-time visitor walks through the five steps; it stays closed afterwards', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: titles[0] });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Step 1 of 5')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();

    for (let step = 2; step <= 5; step++) {
      await page.getByRole('link', { name: 'Next' }).click();
      await expect(page.getByRole('dialog', { name: titles[step - 1] })).toBeVisible();
      await expect(page.getByText(`Step ${step} of 5`)).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Next' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByText('Step 4 of 5')).toBeVisible();
    await page.getByRole('link', { name: 'Next' }).click();

    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('hasSeenTutorial'))).toBe('true');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Escape closes it, and the help button brings it back from step 1', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog')).toBeVisible();
    // Escape is JavaScript's: the scripts run once the page has loaded and painted.
    await hydrated(page, true);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('link', { name: 'How RigRoast works' }).click();
    await expect(page.getByRole('dialog', { name: titles[0] })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('hasSeenTutorial'))).toBeNull();
  });

  test('a newcomer who opens a link to a build sees the build, and the tutorial on the home page', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const title = `Linked rig ${Date.now()}`;
    const id = await someoneElsesBuild(browser, baseURL!, info.project.name, title);
    await page.goto(`/build/${id}`);
    await hydrated(page, true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Share' }).click();
    const link = page.getByLabel('Share link');
    await expect(link).toHaveValue(/\/share\/[\w-]{32}$/);
    await page.goto(new URL(await link.inputValue()).pathname);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('dialog', { name: titles[0] })).toBeVisible();
  });

  test('keyboard focus never reaches the page behind the open tutorial', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog')).toBeVisible();
    await hydrated(page, true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      // Inside the dialog, or out to the browser's own UI (body), never a link behind it.
      const outside = await page.evaluate(() => {
        const active = document.activeElement;
        return active && active !== document.body && !active.closest('dialog') ? active.outerHTML : null;
      });
      expect(outside).toBeNull();
    }
  });
});

test.describe('without JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled);

  test('the help button opens the tutorial, its links walk the steps and Get Started closes it', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('link', { name: 'How RigRoast works' }).click();
    await expect(page).toHaveURL(/\/about\?tutorial=1$/);
    await expect(page.getByRole('dialog', { name: titles[0] })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    for (let step = 2; step <= 5; step++) {
      await page.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(new RegExp(`tutorial=${step}$`));
      await expect(page.getByRole('dialog', { name: titles[step - 1] })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
