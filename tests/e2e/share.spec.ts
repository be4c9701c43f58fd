import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { signInAsNewMember, toasts } from './support/sign-in';
import { expectNoSidewaysScroll, WIDTHS } from './support/layout';

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
  for (const network of ['Reddit', 'WhatsApp', 'Facebook', 'Twitter', 'LinkedIn'])
    await expect(shareList.getByRole('link', { name: new RegExp(network) })).toBeVisible();
  // Chromium on Linux has no system share sheet: no Share… button, the list is all there is.
  await expect(page.getByRole('button', { name: 'Share…' })).toHaveCount(0);
  if (javaScriptEnabled) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(toasts(page)).toContainText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  } else {
    await expect(page.getByRole('button', { name: 'Copy link', exact: true })).toHaveCount(0);
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

test('a build is shared where builders are: Reddit, WhatsApp, Discord by its copied link, and the system share sheet first where there is one', async ({
  page,
  context,
  javaScriptEnabled,
  baseURL,
}, info) => {
  // A phone's share sheet: the test's stand-in records what the page hands it (the real one is the operating system's).
  await context.addInitScript(() => {
    Object.assign(navigator, {
      share: async (data: ShareData) => {
        (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
      },
    });
  });
  await signInAsNewMember(page, info.project.name);
  const title = `Share sheet ${info.project.name} ${Date.now()}`;
  const buildId = await postBuild(page, baseURL!, title);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/build/${buildId}`);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('button', { name: 'Share' }).click();
  const link = page.getByLabel('Share link');
  await expect(link).toHaveValue(/\/share\/[\w-]{32}$/);
  const url = await link.inputValue();
  const shareList = page.getByRole('list', { name: 'Share on' });
  const line = `${title} got roasted on RigRoast`;
  await expect(shareList.getByRole('link', { name: /Reddit/ })).toHaveAttribute(
    'href',
    `https://www.reddit.com/submit?url=${encodeURIComponent(url)}&title=${encodeURIComponent(line)}`,
  );
  await expect(shareList.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${line} ${url}`)}`,
  );
  await expect(link).toHaveAccessibleDescription(/For Discord, a group chat or a forum: copy the link and paste it there\./);
  // Where builders are first, then every place the product spec requires (docs/decisions/025-share-places.md).
  const places = (await shareList.getByRole('listitem').allTextContents()).map((place) => place.replace('(opens in a new tab)', '').trim());
  expect(places).toEqual([
    'Reddit',
    'WhatsApp',
    ...(javaScriptEnabled ? ['Copy link for Discord'] : []),
    'Facebook',
    'Twitter',
    'LinkedIn',
  ]);

  if (javaScriptEnabled) {
    const dialog = page.getByRole('dialog', { name: 'Share this build' });
    // The system share sheet comes first, the list still below it.
    await expect(dialog.getByRole('button').first()).toHaveText('Share…');
    await dialog.getByRole('button', { name: 'Share…' }).click();
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ title, text: line, url }]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await shareList.getByRole('button', { name: 'Copy link for Discord' }).click();
    await expect(toasts(page)).toContainText('Link copied');
    await expect(toasts(page)).toContainText('Paste it in Discord.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  } else {
    // Without JavaScript nothing opens a sheet or copies: the field and the links are the page.
    await expect(page.getByRole('button', { name: 'Share…' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy link for Discord' })).toHaveCount(0);
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath(`share-${width}.png`) });
  }
});
