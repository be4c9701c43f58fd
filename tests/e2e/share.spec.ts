import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { signInAsNewMember, toasts } from './support/sign-in';

test('the Share button gives a link to a read-only page of the build', async ({ page, context, javaScriptEnabled, baseURL }, info) => {
  await signInAsNewMember(page, info.project.name);
  const title = `Shareable ${info.project.name} ${Date.now()}`;
  const buildId = await postBuild(page, baseURL!, title);

  await page.goto(`/build/${buildId}`);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('button', { name: 'Share' }).click();
  // With JavaScript a dialog asks for the link once; without, the button opens the share page.
  if (javaScriptEnabled) await expect(page.getByRole('dialog', { name: 'Share this build' })).toBeVisible();
  else await expect(page).toHaveURL(new RegExp(`/build/${buildId}/share$`));
  const link = page.getByLabel('Share link');
  await expect(link).toHaveValue(/\/share\/[\w-]{32}$/);
  const shareList = page.getByRole('list', { name: 'Share on' });
  for (const network of ['Facebook', 'Twitter', 'LinkedIn'])
    await expect(shareList.getByRole('link', { name: new RegExp(network) })).toBeVisible();
  if (javaScriptEnabled) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(toasts(page)).toContainText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  } else {
    await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  }

  // The shared page, as someone who follows the link sees it.
  const path = new URL(await link.inputValue()).pathname;
  await context.clearCookies();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // The fallback until the roast lands (a few seconds after upload on the e2e server), then the roast.
  await expect(page.getByText(/No AI roast available yet\.|RTX 4080/)).toBeVisible();
  await page.getByRole('link', { name: 'View Full Build Page' }).click();
  await expect(page).toHaveURL(new RegExp(`/build/${buildId}$`));

  await page.goto('/share/no-such-token');
  await expect(page.getByText('This shared build link has expired or does not exist.')).toBeVisible();
});
