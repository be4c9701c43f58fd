import { expect, hydrated, test } from './fixtures';
import { postBuild } from './support/builds';
import { signInAsNewMember, toasts } from './support/sign-in';

// The roast first, then RoastBot's reply, each from the fake vision model (1.5 s).
test.describe.configure({ timeout: 60_000 });

test('RoastBot’s reply shows on the open page once it lands, without a reload', async ({ page, baseURL, javaScriptEnabled }, info) => {
  await signInAsNewMember(page, `${info.project.name}-asker`);
  const id = await postBuild(page, baseURL!, `Ask ${info.project.name} ${Date.now()}`);
  await page.goto(`/build/${id}`);
  // The roast first: while it is written the page looks again anyway.
  await expect(page.getByRole('group', { name: 'Did this roast land?' })).toBeAttached({ timeout: 30_000 });
  await hydrated(page, javaScriptEnabled);
  await page.getByPlaceholder('Add a comment...').fill('@RoastBot be honest about my cables');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toasts(page)).toContainText('Comment added');
  // The fake vision model answers 1.5 s later: the page looks again (polling, or a meta refresh without JavaScript).
  await expect(page.getByRole('article', { name: 'AI reply by RoastBot' })).toBeVisible({ timeout: 20_000 });
});
