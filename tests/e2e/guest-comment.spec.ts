import { expect, hydrated, test } from './fixtures';
import { expectHighlighted, expectLandedOn, postComment, VIEWPORTS } from './support/places';
import { signIn, signInAsNewMember, skipUsernamePrompt, toasts, uniqueEmail } from './support/sign-in';

// Several sign-ins and posts through the real forms.
test.describe.configure({ timeout: 120_000 });

test('a guest’s comment and reply wait through sign-in and are posted, on a phone and a desktop', async ({
  page,
  browser,
  builds,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const id = await builds.someoneElses(`Guest talk ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, `${info.project.name}-first-word`);
  const thread = await postComment(page, baseURL!, id, 'First!');

  for (const viewport of VIEWPORTS) {
    // A guest in a browser of their own.
    const context = await browser.newContext({
      viewport,
      javaScriptEnabled,
      extraHTTPHeaders: { 'X-Forwarded-For': `10.96.${Math.floor(Math.random() * 250)}.${viewport.width % 250}` },
    });
    await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
    const guest = await context.newPage();
    await guest.goto(`/build/${id}`);
    await hydrated(guest, javaScriptEnabled);
    const reply = viewport.width > 500;
    const words = `${reply ? 'A reply' : 'My two cents'} from a guest at ${viewport.width} px`;
    if (reply) {
      await guest.locator(`#comment-${thread}`).getByRole('link', { name: 'Reply' }).click();
      await guest.getByLabel('Your reply').fill(words);
      await guest.getByRole('button', { name: 'Post Reply' }).click();
    } else {
      await guest.getByPlaceholder('Add a comment...').fill(words);
      await guest.getByRole('button', { name: 'Post Comment' }).click();
    }
    if (javaScriptEnabled) {
      const dialog = guest.getByRole('dialog', { name: 'Authentication required' });
      await expect(dialog).toContainText('Your comment is kept');
      await dialog.getByRole('button', { name: 'Register' }).click();
    }
    await expect(guest).toHaveURL(/\/auth\?/);
    await expect(toasts(guest)).toContainText('Sign in to post your comment');
    // The words are kept on the server, never in an address.
    expect(guest.url()).not.toContain('guest');

    await signIn(guest, uniqueEmail(`${info.project.name}-guest`), 'Register', 'Comment added');
    // Where sign-in lands, behind the new member's username prompt (whose "Maybe later" reloads the page without JavaScript).
    await expect(guest).toHaveURL(new RegExp(`/build/${id}\\?comments=all#comment-\\d+$`));
    const posted = guest.getByRole('article', { name: /^Comment by / }).filter({ hasText: words });
    await expect(posted).toHaveCount(1);
    await expectLandedOn(guest, posted);
    await expectHighlighted(posted);
    await skipUsernamePrompt(guest);
    if (reply) await expect(guest.locator(`#comment-${thread}`).locator('xpath=ancestor::li[1]')).toContainText(words);
    await expect(guest.getByPlaceholder('Add a comment...')).toHaveValue('');
    await context.close();
  }
});

test('a guest who cancels the sign-in dialog keeps their words in the box and nothing is kept', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  test.skip(!javaScriptEnabled, 'the dialog is for JavaScript; without it the post goes to sign in');
  const id = await builds.someoneElses(`Guest cancel ${info.project.name} ${Date.now()}`);
  await page.goto(`/build/${id}`);
  await hydrated(page, javaScriptEnabled);
  await page.getByPlaceholder('Add a comment...').fill('Second thoughts');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Authentication required' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByPlaceholder('Add a comment...')).toHaveValue('Second thoughts');
  // Signing in for something else later posts nothing.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Log in/ })
    .first()
    .click();
  await signIn(page, uniqueEmail(`${info.project.name}-cancelled`));
  await page.goto(`/build/${id}`);
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
});
