import { type Browser, expect, test } from '@playwright/test';
import { hydrated } from './fixtures';
import { someoneElsesBuild } from './support/builds';
import { codeFrom, countMails, waitForMail } from './support/outbox';
import { signIn, skipUsernamePrompt, toasts, uniqueEmail } from './support/sign-in';

const titles = ['Welcome to RigRoast', 'Upload your rig', 'Rate the competition', 'Join the banter', 'Climb the leaderboards'];

let browsers = 0;

/** A browser that never saw the site (nothing in its storage), from an address of its own. */
async function aNewBrowser(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.97.${process.pid % 250}.${++browsers}` },
  });
  return { context, page: await context.newPage() };
}

test('a member signed in on a new browser never gets the tutorial, nor after signing out there', async ({
  browser,
  javaScriptEnabled,
}, info) => {
  const { context, page } = await aNewBrowser(browser, javaScriptEnabled);
  await signIn(page, uniqueEmail(`${info.project.name}-tutorial`));
  await skipUsernamePrompt(page);
  await page.goto('/');
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The menu is closed: its Logout button is pressed as a keyboard or a script would.
  await page.locator('form[action="/logout"] button').first().dispatchEvent('click');
  await expect(toasts(page)).toContainText('Logout successful');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/');
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('the home page that says "Your account was deleted" shows that, not the tutorial', async ({ browser, javaScriptEnabled }, info) => {
  const email = uniqueEmail(`${info.project.name}-leaving`);
  const { context, page } = await aNewBrowser(browser, javaScriptEnabled);
  await signIn(page, email);
  await skipUsernamePrompt(page);
  await page.goto('/profile?tab=settings');
  await hydrated(page, javaScriptEnabled);
  const section = page.getByRole('region', { name: 'Delete my account' });
  const seen = await countMails(email);
  await section.getByRole('button', { name: 'E-mail me a code to delete my account' }).click();
  await expect(toasts(page)).toContainText('Check your email');
  await section.getByLabel(`Code from the e-mail to ${email}`).fill(codeFrom(await waitForMail(email, seen)));
  // As a browser that has not kept the member's visits would be (storage cleared, another tab's sign-in).
  if (javaScriptEnabled) await page.evaluate(() => localStorage.clear());
  await section.getByRole('button', { name: 'Delete my account for good' }).click();

  await expect(toasts(page)).toContainText('Your account was deleted');
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await context.close();
});

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
    // A step followed before the page was hydrated is in the address (?tutorial=N, as without
    // JavaScript); closing takes it out, after the navigation's data request: the reload waits for it.
    await expect(page).not.toHaveURL(/tutorial=/);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a first-time guest gets it once: a reload before closing it does not bring it back', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: titles[0] })).toBeVisible();
    await hydrated(page, true);

    await page.reload();
    await hydrated(page, true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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

  test('a first-time guest’s home page is not covered: its links work', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await expect(page).toHaveURL(/\/auth/);
  });

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
