import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { aNamedMember } from './support/members';

test('a visitor opens a member from a build card and another from a comment', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(60_000);
  const maker = await aNamedMember(browser, baseURL!, info.project.name, 'Maker');
  const title = `Linked rig ${info.project.name} ${Date.now()}`;
  const buildId = await postBuild(maker.page, baseURL!, title);
  const talker = await aNamedMember(browser, baseURL!, info.project.name, 'Talker');
  await talker.page.request.post(`/build/${buildId}`, {
    headers: { Origin: baseURL! },
    form: { intent: 'comment', form: 'comment-new', content: 'Whose rig is this?' },
  });

  await page.goto('/gallery');
  await hydrated(page, javaScriptEnabled);
  // Other tests upload at the same time: the card may be further down, as a visitor would find it.
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(async () => {
    if ((await card.count()) === 0) await page.getByRole('link', { name: 'LOAD MORE' }).click();
    await expect(card).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await card.getByRole('link', { name: `@${maker.username}` }).click();
  await expect(page).toHaveURL(`/u/${maker.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`@${maker.username}`);
  await expect(page.getByRole('region', { name: /^Builds/ }).getByRole('heading', { name: title })).toBeVisible();

  await page.goto(`/build/${buildId}`);
  await hydrated(page, javaScriptEnabled);
  const comment = page.getByRole('article', { name: `Comment by ${talker.username}` });
  await comment.getByRole('link', { name: `@${talker.username}` }).click();
  await expect(page).toHaveURL(`/u/${talker.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`@${talker.username}`);
  await expect(page.getByText('No builds listed yet.')).toBeVisible();
  await Promise.all([maker.context.close(), talker.context.close()]);
});

test("a visitor pages through a member's builds and changes their order by plain links", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  const maker = await aNamedMember(browser, baseURL!, info.project.name, 'Pager');
  for (let n = 1; n <= 13; n++) await postBuild(maker.page, baseURL!, `Paged rig ${n}`);
  await maker.context.close();

  await page.goto(`/u/${maker.username}`);
  await hydrated(page, javaScriptEnabled);
  const builds = page.getByRole('region', { name: /^Builds/ });
  const cards = builds.getByRole('article');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().getByRole('heading')).toHaveText('Paged rig 13');

  const pages = builds.getByRole('navigation', { name: `Pages of @${maker.username}’s builds` });
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/u/${maker.username}?page=2#builds`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading')).toHaveText('Paged rig 1');
  await expect(pages).toContainText('Page 2 of 2');

  const orders = builds.getByRole('navigation', { name: 'Order of the builds' });
  await orders.getByRole('link', { name: 'Most discussed' }).click();
  await expect(page).toHaveURL(`/u/${maker.username}?sort=most-discussed#builds`);
  await expect(orders.getByRole('link', { name: 'Most discussed' })).toHaveAttribute('aria-current', 'page');
  await expect(cards).toHaveCount(12);
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/u/${maker.username}?sort=most-discussed&page=2#builds`);
  await expect(cards).toHaveCount(1);
  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(`/u/${maker.username}?sort=most-discussed#builds`);
  await expect(cards).toHaveCount(12);
});
