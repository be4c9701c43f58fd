import { describeBuild } from '../support/build-details';
import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { signInQuickly, uniqueEmail } from './support/sign-in';

test('finds a build by a part, sorts, filters by tag and clears the filters', async ({ page, javaScriptEnabled, baseURL }, info) => {
  test.setTimeout(90_000);
  // A word only this test's builds carry, so builds other tests upload meanwhile stay out.
  const token = `rig${info.project.name.replace('-', '')}${Date.now().toString(36)}`;
  await signInQuickly(page, uniqueEmail(info.project.name));
  const air = await postBuild(page, baseURL!, `Air ${token}`);
  const white = await postBuild(page, baseURL!, `Snow ${token}`);
  const asOwner = async (path: string, data: unknown) => (await page.request.post(path, { data, headers: { Origin: baseURL! } })).status();
  await describeBuild(asOwner, air, { parts: ['Noctua NH-D15', `Tag ${token}`] });
  await describeBuild(asOwner, white, { parts: [`Tag ${token}`], tags: ['white-build'] });

  await page.goto('/gallery');
  await hydrated(page, javaScriptEnabled);
  const search = page.getByRole('search', { name: 'Search builds' });
  const cards = page.getByRole('list', { name: 'Builds' }).getByRole('heading');

  await search.getByLabel('Search builds').fill(`nh-d15 ${token}`);
  await search.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery\\?q=nh-d15\\+${token}$`));
  await expect(cards).toHaveText([`Air ${token}`]);

  await page.getByRole('navigation', { name: 'Sort builds' }).getByRole('link', { name: 'Top rated' }).click();
  await expect(page).toHaveURL(new RegExp(`sort=top`));
  await expect(cards).toHaveText([`Air ${token}`]);

  await search.getByLabel('Search builds').fill(token);
  await search.getByLabel('Tag').selectOption({ label: 'White build' });
  // With JavaScript picking a tag applies it; without, the form is sent with its button.
  if (!javaScriptEnabled) await search.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page).toHaveURL(/tag=white-build/);
  await expect(cards).toHaveText([`Snow ${token}`]);

  await search.getByLabel('Search builds').fill(`${token} threadripper`);
  await search.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page.getByText(`No builds match “${token} threadripper”, tagged White build.`)).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(search.getByLabel('Search builds')).toHaveValue('');
  await expect(search.getByLabel('Tag')).toHaveValue('');
});

test('on a phone the filters and the order fold behind one control: the search box and the first build are on the first screen', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(60_000);
  await builds.someoneElses(`Folded ${info.project.name} ${Date.now()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gallery');
  await hydrated(page, javaScriptEnabled);
  const search = page.getByRole('search', { name: 'Search builds' });
  const filters = search.locator('summary', { hasText: 'Filters and order' });
  await expect(search.getByLabel('Search builds')).toBeInViewport();
  await expect(search.getByLabel('Tag')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Sort builds' })).toBeHidden();
  // The first build starts in the top half of the screen, its photo in view.
  const first = await page.getByRole('list', { name: 'Builds' }).getByRole('listitem').first().boundingBox();
  expect(first!.y).toBeLessThan(844 / 2);

  await filters.click();
  await expect(page.getByRole('navigation', { name: 'Sort builds' })).toBeVisible();
  await search.getByLabel('Tag').selectOption({ label: 'White build' });
  // With JavaScript picking a tag applies it; without, the button beside it sends the form.
  if (!javaScriptEnabled) await search.getByRole('button', { name: 'APPLY' }).click();
  await expect(page).toHaveURL(/tag=white-build/);
  await expect(filters).toContainText('White build');

  // A desktop window has room for them: shown, with no control to open.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(search.getByLabel('Tag')).toBeVisible();
  await expect(filters).toBeHidden();
});
