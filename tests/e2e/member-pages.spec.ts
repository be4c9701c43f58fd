import { expect, hydrated, test } from './fixtures';
import { signInAsNewMember } from './support/sign-in';

// A member's pages are put together from parts kept per data version (SharedRegions)
// and their own parts drawn for them: the second visit of each page below is made
// that way. It must read and work as the first (the fixtures also fail any test whose
// page React could not hydrate).
test('a member sees their own pages, the second visit built from kept parts, and they keep working', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  // Two members sign in and eight pages load before the writes: longer than one page's test.
  test.setTimeout(90_000);
  const theirs = await builds.someoneElses('Kept parts rig');
  await signInAsNewMember(page, info.project.name);
  const own = await builds.post('My own kept rig');
  const logIn = page.getByRole('banner').getByRole('link', { name: 'Log in' });

  for (const path of ['/', '/gallery', `/build/${own}`, `/build/${theirs}`]) {
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(path);
      await hydrated(page, javaScriptEnabled);
      await expect(logIn).toHaveCount(0);
    }
  }

  // On someone else's build, kept parts and all, the member rates and comments.
  await page.getByRole('group', { name: 'rate this build' }).locator('label', { hasText: '4 stars' }).click();
  await page.getByRole('button', { name: 'Submit rating' }).click();
  await expect(page.getByText('You rated this build 4 stars.')).toBeVisible();
  await page.getByPlaceholder('Add a comment...').fill('Kept parts, fresh comment');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const comment = page.getByRole('article', { name: /^Comment by / }).filter({ hasText: 'Kept parts, fresh comment' });
  await expect(comment).toBeVisible();
  await expect(comment.getByRole('button', { name: 'Delete' })).toBeVisible();

  await page.goto(`/build/${own}`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My own kept rig');
});

test('on their profile a member’s name stays whole, the level badge moving under it when both do not fit', async ({
  page,
  baseURL,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, info.project.name);
  // As long as the names the site gives (“AtomicPhantom7557”) or a little longer: it broke as “AtomicPhantom755” / “7”.
  const username = `OverclockedRig${Date.now().toString().slice(-6)}`;
  const renamed = await page.request.post('/api/user/username', { headers: { Origin: baseURL! }, data: { username } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/profile');
    await hydrated(page, javaScriptEnabled);
    const name = page.getByRole('complementary').getByText(username, { exact: true });
    const lines = await name.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, `the name on one line at ${width} px`).toBe(1);
  }
});
