import { expect, holdScripts, hydrated, test } from './fixtures';
import { expectNoSidewaysScroll, whatCovers } from './support/layout';
import { signInAsNewMember } from './support/sign-in';

test.describe('header', () => {
  test('links to Home, Gallery, Leaderboard, Upload and Log in', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('navigation', { name: 'Main' });

    await main.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battle Archive');
    await expect(main.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');

    await main.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dominance Rankings');

    await main.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Get your rig');

    await page.getByRole('banner').getByRole('link', { name: 'Upload' }).click();
    await expect(page).toHaveURL(/\/upload$/);

    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('Competitions is in the header, and in the phone menu', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Competitions' }).click();
    await expect(page).toHaveURL(/\/competitions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Competitions');
    await expect(main.getByRole('link', { name: 'Competitions' })).toHaveAttribute('aria-current', 'page');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await page.getByLabel('Menu').click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Competitions' }).click();
    await expect(page).toHaveURL(/\/competitions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Competitions');
  });

  for (const width of [390, 768, 1024, 1280]) {
    test(`at ${width} px the header's links fit without scrolling the page sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about');
      await expectNoSidewaysScroll(page);
      const banner = page.getByRole('banner');
      if (width < 1024) await banner.getByLabel('Menu').click();
      const links = ['Home', 'Gallery', 'Leaderboard', 'Competitions', 'Upload', width < 1024 ? 'Login / Register' : 'Log in'];
      for (const name of links) await expect(banner.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    });
  }

  test('the logo leads home', async ({ page }) => {
    await page.goto('/gallery');
    await page.getByRole('link', { name: 'RigRoast home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('on a phone, the collapsible menu holds the links and "Login / Register"', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile).toBeHidden();

    await page.getByText('Menu', { exact: true }).or(page.getByLabel('Menu')).first().click();
    await expect(mobile).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Gallery' })).toBeVisible();
    await mobile.getByRole('link', { name: 'Login / Register' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('with JavaScript, a phone menu opened before the scripts ran stays open once they run, and closes after navigating', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'about the page becoming interactive');
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdScripts(page);
    await page.goto('/about');
    await page.getByLabel('Menu').click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile).toBeVisible();
    release();
    await hydrated(page, javaScriptEnabled);
    await expect(mobile).toBeVisible();

    await mobile.getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battle Archive');
    await expect(mobile).toBeHidden();
  });

  test('a skip link jumps to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute('href', '#main');
  });
});

test.describe('footer', () => {
  const links: [name: string, path: RegExp, heading: RegExp][] = [
    ['Terms of Service', /\/terms-of-service$/, /Terms of Service/],
    ['Privacy Policy', /\/privacy-policy$/, /Privacy Policy/],
    ['Cookie Policy', /\/cookie-policy$/, /Cookie Policy/],
    ['About', /\/about$/, /About/],
    ['Competitions', /\/competitions$/, /Competitions/],
    ['This Week', /\/leaderboard\/week$/, /Dominance Rankings/],
    ['All Time', /\/leaderboard\/all-time$/, /Dominance Rankings/],
  ];

  for (const [name, path, heading] of links) {
    test(`"${name}" opens its page`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('the back-to-top button appears after scrolling 400 px and returns to the top', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the floating button needs JavaScript; the footer link covers the rest');
    await page.goto('/privacy-policy');
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toBeHidden();
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(200);
    await expect(button).toBeHidden();
    await page.mouse.wheel(0, 1200);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('on a phone the back-to-top button covers nothing: not the upload button, not a comment', async ({
  page,
  baseURL,
  builds,
  javaScriptEnabled,
}, info) => {
  test.skip(!javaScriptEnabled, 'the button needs JavaScript; the footer link covers the rest');
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewMember(page, info.project.name);
  const backToTop = page.getByRole('button', { name: 'Back to top' });

  await page.goto('/upload');
  await hydrated(page, javaScriptEnabled);
  const upload = page.getByRole('button', { name: 'Upload PC Build' });
  // Scrolled to where a member presses it: at the bottom of the screen.
  await upload.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await expect(backToTop).toBeVisible();
  expect(await whatCovers(upload)).toEqual([]);

  const id = await builds.post(`Covered ${info.project.name} ${Date.now()}`);
  const words = 'The cable management behind that tray deserves its own roast, and the fans point the wrong way.';
  const posted = await page.request.post(`/api/builds/${id}/comment`, { data: { content: words }, headers: { Origin: baseURL! } });
  expect(posted.ok()).toBe(true);
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  const comment = page.getByText(words);
  await comment.evaluate((text) => text.scrollIntoView({ block: 'end' }));
  await expect(backToTop).toBeVisible();
  expect(await whatCovers(comment)).toEqual([]);
});

test.describe('scrolling', () => {
  test('navigation scrolls smoothly to the top, or instantly when reduced motion is preferred', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'client-side navigation only');
    const behaviour = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/privacy-policy');
    expect(await behaviour()).toBe('smooth');
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await behaviour()).toBe('auto');
  });

  test('nothing loops on the screen when reduced motion is preferred: spinners and placeholders stand still', async ({ page }) => {
    await page.goto('/about');
    // The site's looping animations, on an element of their own, as any page may draw them.
    const animationOf = (name: string) =>
      page.evaluate((utility) => {
        const element = document.body.appendChild(document.createElement('span'));
        element.className = utility;
        const { animationName } = getComputedStyle(element);
        element.remove();
        return animationName;
      }, name);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect([await animationOf('animate-spin'), await animationOf('animate-pulse')]).toEqual(['spin', 'pulse']);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect([await animationOf('animate-spin'), await animationOf('animate-pulse')]).toEqual(['none', 'none']);
  });

  test('a link to a section scrolls to it', async ({ page }) => {
    await page.goto('/cookie-policy');
    const contents = page.getByRole('navigation', { name: 'Contents' });
    const last = contents.getByRole('link').last();
    const target = (await last.getAttribute('href'))!;
    await page.goto(`/cookie-policy${target}`);
    await expect(page.locator(target)).toBeInViewport();
  });
});

test.describe('404', () => {
  test('an unknown path shows the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    // The number is said once: it is the heading's first word, not a second line above it.
    expect((await page.getByRole('main').innerText()).match(/404/g)).toHaveLength(1);
    await expect(page.getByText('There is no page at this address. The link may be mistyped, or the page has moved.')).toBeVisible();
    // Still inside the real layout.
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown build shows a 404 page that says the build is missing', async ({ page }) => {
    const response = await page.goto('/build/987654');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Build not found');
    await expect(page.getByText('This build does not exist or was taken down.')).toBeVisible();
  });

  test('client-side navigation to an unknown path shows the 404 page', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'only meaningful with client-side routing');
    await page.goto('/');
    await hydrated(page, javaScriptEnabled);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/missing-page';
      link.textContent = 'missing';
      document.querySelector('main')?.append(link);
    });
    await page.getByRole('link', { name: 'missing' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  });
});

test.describe('static pages', () => {
  test('the privacy policy has nine sections and says it is not for children under 13', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    const sections = page.locator('article section h2');
    await expect(sections).toHaveCount(9);
    await expect(page.getByText(/under 13/).first()).toBeVisible();
  });

  test('the terms have eight sections, reachable from the contents list', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.locator('article section h2')).toHaveCount(8);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('link').nth(3).click();
    await expect(page).toHaveURL(/#/);
    await expect(page.locator('article section h2').nth(3)).toBeInViewport();
  });

  test('the cookie policy has eight sections', async ({ page }) => {
    await page.goto('/cookie-policy');
    await expect(page.locator('article section h2')).toHaveCount(8);
  });

  test('about explains the mission, four features and four steps', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
    for (const step of ['Upload', 'AI analysis', 'Community feedback', 'Climb the ranks']) {
      await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
    }
  });
});
