import { expect, hydrated, test } from './fixtures';
import { signInAsNewMember, toasts } from './support/sign-in';

test('a member sees their level, experience, streak and achievements grow on the profile as they take part', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  const id = await builds.someoneElses(`Progress ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, info.project.name);

  await page.goto('/profile?tab=stats');
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('heading', { name: 'Level 1' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Progress to level 2' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  const conversationStarter = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Conversation Starter' }) });
  await expect(conversationStarter).toContainText('Locked');

  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('group', { name: 'rate this build' }).locator('label', { hasText: '5 stars' }).click();
  await page.getByRole('button', { name: 'Submit rating' }).click();
  await expect(toasts(page)).toContainText('Rating submitted');
  await page.getByPlaceholder('Add a comment...').fill('That glow!');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toasts(page)).toContainText('Comment added');
  // The comment carries its author's level beside the name.
  // "Lv 1" on screen, "Level 1" (and only that) to a screen reader.
  const badge = page.getByRole('article', { name: /^Comment by / }).getByRole('img', { name: 'Level 1', exact: true });
  await expect(badge).toHaveText('Lv\u00a01');

  await page.goto('/profile');
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('link', { name: 'Stats' }).click();
  // A rating (2), a comment (3) and "Conversation Starter" (25).
  await expect(progress).toHaveAttribute('aria-valuenow', '30');
  const figures = page.getByRole('region', { name: 'Level 1' });
  await expect(figures.getByRole('definition')).toHaveText(['30', '0', '1']);
  await expect(page.getByText('20 XP to level 2')).toBeVisible();
  await expect(conversationStarter).toContainText(/Earned \d+ \w+ \d{4}/);
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Critic' }) })).toContainText(
    "Rate 10 other members' builds.Locked",
  );
});
