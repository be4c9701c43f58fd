import { expect, holdScripts, hydrated, test } from './fixtures';
import { signInAsNewMember, toasts } from './support/sign-in';
import { expectNoSidewaysScroll } from './support/layout';

test('a member rates a build with the star input, and can change the rating', async ({ page, builds, javaScriptEnabled }, info) => {
  const id = await builds.someoneElses(`Rate me ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, info.project.name);
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  const stars = page.getByRole('group', { name: 'rate this build' });
  // Keyboard and screen readers see five radio buttons.
  await expect(stars.getByRole('radio')).toHaveCount(5);
  await stars.locator('label', { hasText: '4 stars' }).click();
  await page.getByRole('button', { name: 'Submit rating' }).click();
  await expect(toasts(page)).toContainText('Rating submitted');
  await expect(page.getByText('You rated this build 4 stars.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rating' })).toContainText('Rated by 1 user');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();

  await stars.locator('label', { hasText: '2 stars' }).click();
  await page.getByRole('button', { name: 'Update rating' }).click();
  await expect(page.getByText('You rated this build 2 stars.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rating' })).toContainText('2.0');
});

test('a member comments, replies in the thread, and deletes their own comment', async ({ page, builds, javaScriptEnabled }, info) => {
  const id = await builds.someoneElses(`Talk ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, info.project.name);
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();

  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Comment cannot be empty').first()).toBeVisible();

  await page.getByPlaceholder('Add a comment...').fill('Clean cables!\nReally clean.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toasts(page)).toContainText('Comment added');
  const comment = page.getByRole('article', { name: /^Comment by / });
  await expect(comment).toContainText('Clean cables!');

  await comment.getByRole('link', { name: 'Reply' }).click();
  await page.getByLabel('Your reply').fill('Replying to myself');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(toasts(page)).toContainText('Comment added');
  await expect(page.getByRole('article', { name: /^Comment by / })).toHaveCount(2);
  await expect(page.getByRole('heading', { name: /Comments/ })).toContainText('(2)');

  await page
    .getByRole('article', { name: /^Comment by / })
    .last()
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toasts(page)).toContainText('Comment deleted');
  await expect(page.getByText('Replying to myself')).toHaveCount(0);
});

test('a comment typed before the scripts ran is counted once they run, and the count starts again after posting', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  test.skip(!javaScriptEnabled, 'the character count is drawn by JavaScript');
  const id = await builds.someoneElses(`Early ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, info.project.name);
  const release = await holdScripts(page);
  await page.goto(`/build/${id}`);
  await page.getByPlaceholder('Add a comment...').fill('Typed on a slow link');
  release();
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByText('20/1000')).toBeVisible();

  await page.getByPlaceholder('Add a comment...').pressSequentially('!!');
  await expect(page.getByText('22/1000')).toBeVisible();
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toasts(page)).toContainText('Comment added');
  await expect(page.getByPlaceholder('Add a comment...')).toHaveValue('');
  await expect(page.getByText('Up to 1000 characters.')).toBeVisible();
});

test('a guest who tries to rate is asked to sign in', async ({ page, builds, javaScriptEnabled }, info) => {
  const id = await builds.someoneElses(`Guest view ${info.project.name} ${Date.now()}`);
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole('group', { name: 'rate this build' }).locator('label', { hasText: '5 stars' }).click();
  await page.getByRole('button', { name: 'Submit rating' }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole('dialog', { name: 'Authentication required' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      `/auth?tab=register&redirectTo=${encodeURIComponent(`/build/${id}`)}`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(`/build/${id}`)}`));
  }
});

test('a report closes once sent, and the comment box keeps "Post Comment" on one line on a phone', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  const id = await builds.someoneElses(`Report me ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, info.project.name);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  await expectNoSidewaysScroll(page);
  const post = page.getByRole('button', { name: 'Post Comment' });
  expect((await post.boundingBox())!.height).toBeLessThanOrEqual(40);

  await page.getByText('Report build', { exact: true }).click();
  const why = page.getByRole('group', { name: 'Why are you reporting this?' });
  await expect(why).toBeVisible();
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(toasts(page)).toContainText('Report sent');
  await expect(why).toBeHidden();
  await expect(page.getByText('Report build', { exact: true })).toBeVisible();
});
