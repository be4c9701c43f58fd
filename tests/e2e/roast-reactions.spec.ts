import { expect, hydrated, test } from './fixtures';
import { signInAsNewMember, toasts } from './support/sign-in';

// Each test waits for a roast first (the fake vision model, then a page refresh).
test.describe.configure({ timeout: 60_000 });

test('a member tells the site whether a roast landed, and changes their mind', async ({ page, builds, javaScriptEnabled }, info) => {
  const id = await builds.someoneElses(`Roast me ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, `${info.project.name}-reactor`);
  await page.goto(`/build/${id}`);
  // The page refreshes itself (polling, or a meta refresh without JavaScript) until the roast is there.
  const reactions = page.getByRole('group', { name: 'Did this roast land?' });
  await expect(reactions).toBeVisible({ timeout: 30_000 });
  await hydrated(page, javaScriptEnabled);

  const landed = reactions.getByRole('button', { name: /Landed/ });
  const missed = reactions.getByRole('button', { name: /Missed/ });
  await expect(landed).toHaveAttribute('aria-pressed', 'false');
  await landed.click();
  await expect(toasts(page)).toContainText('Glad it landed');
  await expect(landed).toHaveAttribute('aria-pressed', 'true');
  await expect(landed).toContainText('1');

  await missed.click();
  await expect(toasts(page)).toContainText('that one missed');
  await expect(missed).toHaveAttribute('aria-pressed', 'true');
  await expect(landed).toHaveAttribute('aria-pressed', 'false');
  await expect(missed).toContainText('1');
  await expect(landed).toContainText('0');
});

test('a guest who reacts is asked to sign in', async ({ page, builds, javaScriptEnabled }, info) => {
  const id = await builds.someoneElses(`Roast me ${info.project.name} ${Date.now()}`);
  await page.goto(`/build/${id}`);
  const reactions = page.getByRole('group', { name: 'Did this roast land?' });
  await expect(reactions).toBeVisible({ timeout: 30_000 });
  await hydrated(page, javaScriptEnabled);
  await reactions.getByRole('button', { name: /Landed/ }).click();
  if (javaScriptEnabled) await expect(page.getByRole('dialog')).toBeVisible();
  else await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(`/build/${id}`)}`));
});
