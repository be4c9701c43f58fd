import { expect, hydrated, test } from './fixtures';
import { roasted } from './support/builds';
import { signInAsNewMember, toasts } from './support/sign-in';
import { expectApart, expectHighlighted, expectLandedOn, postComment, scrollToWindowBottom, VIEWPORTS } from './support/places';

// Many posts, and the reactions wait for a roast from the fake vision model first.
test.describe.configure({ timeout: 120_000 });

test('a linked or just-posted comment lands below the sticky header, highlighted, on a phone and a desktop', async ({
  page,
  builds,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const id = await builds.someoneElses(`Anchors ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, `${info.project.name}-anchors`);
  // Enough comments under the linked one for the page to scroll it to the top.
  const ids: number[] = [];
  for (let n = 1; n <= 8; n++) ids.push(await postComment(page, baseURL!, id, `Comment number ${n}\nwith a second line`));
  const linked = ids[2]!;
  // Where the page lands is looked at on a page that stays: without JavaScript it reloads itself until the roast is there.
  if (!javaScriptEnabled) await roasted(page, id);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // As a notification links it.
    await page.goto(`/build/${id}?comments=all#comment-${linked}`);
    await hydrated(page, javaScriptEnabled);
    await expectLandedOn(page, page.locator(`#comment-${linked}`));
    await expectHighlighted(page.locator(`#comment-${linked}`));
    await expectHighlighted(page.locator(`#comment-${ids[3]}`), false);

    // Reply opens its box under the comment it answers, and lands with both on the screen.
    await page.locator(`#comment-${linked}`).getByRole('link', { name: 'Reply' }).click();
    const replyBox = page.getByPlaceholder('Write a reply...');
    await expect(replyBox).toBeInViewport();
    await expectLandedOn(page, page.locator(`#comment-${linked}`));
    await expect(page.getByRole('button', { name: 'Post Reply' })).toBeInViewport();

    // A comment posted from the box: the page lands on it (newest first, just under the box).
    await page.goto(`/build/${id}`);
    await hydrated(page, javaScriptEnabled);
    await page.getByPlaceholder('Add a comment...').fill(`Posted at ${viewport.width} px`);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(toasts(page)).toContainText('Comment added');
    const posted = page.getByRole('article', { name: /^Comment by / }).filter({ hasText: `Posted at ${viewport.width} px` });
    await expectLandedOn(page, posted);
    await expectHighlighted(posted);
    await expectHighlighted(page.locator(`#comment-${linked}`), false);
  }
});

test('rating and reacting come back to the control used, and the toast covers neither', async ({
  page,
  builds,
  javaScriptEnabled,
}, info) => {
  const id = await builds.someoneElses(`Places ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, `${info.project.name}-places`);
  await page.goto(`/build/${id}`);
  // The page looks again (polling, or a meta refresh without JavaScript) until the roast is there.
  await expect(page.getByRole('group', { name: 'Did this roast land?' })).toBeVisible({ timeout: 30_000 });

  for (const [index, viewport] of VIEWPORTS.entries()) {
    await page.setViewportSize(viewport);
    await page.goto(`/build/${id}`);
    await hydrated(page, javaScriptEnabled);
    const rating = page.getByRole('region', { name: 'rate this build' });
    // Used at the bottom of the window, where a toast would show by default.
    await scrollToWindowBottom(rating);
    await rating.locator('label', { hasText: `${index + 3} stars` }).click();
    await rating.getByRole('button', { name: /rating/ }).click();
    await expect(toasts(page)).toContainText('Rating submitted');
    await expect(rating).toContainText(`You rated this build ${index + 3} stars.`);
    await expectLandedOn(page, rating);
    await expect(rating.locator('form')).toBeInViewport({ ratio: 1 });
    await expectApart(toasts(page).getByRole('status'), rating);

    const reactions = page.getByRole('group', { name: 'Did this roast land?' });
    await scrollToWindowBottom(reactions);
    const choice = reactions.getByRole('button', { name: index === 0 ? /Landed/ : /Missed/ });
    await choice.click();
    await expect(toasts(page)).toContainText(index === 0 ? 'Glad it landed' : 'that one missed');
    await expect(choice).toHaveAttribute('aria-pressed', 'true');
    await expectLandedOn(page, reactions);
    await expect(reactions).toBeInViewport({ ratio: 1 });
    await expectApart(toasts(page).getByRole('status'), reactions);
  }
});
