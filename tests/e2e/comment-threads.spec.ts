import { expect, hydrated, test } from './fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postComment, VIEWPORTS } from './support/places';
import { signInAsNewMember } from './support/sign-in';

// Several sign-ins and posts through the real forms.
test.describe.configure({ timeout: 120_000 });

test('comments sort by Top or New, long threads fold, and web addresses are links', async ({
  page,
  builds,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const id = await builds.someoneElses(`Threads ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, `${info.project.name}-threads`);
  const longUrl = `https://example.com/${'very-long-path-segment-'.repeat(12)}end`;
  const busy = await postComment(page, baseURL!, id, 'Thread A: the busy one');
  for (let n = 1; n <= 6; n++) await postComment(page, baseURL!, id, `A reply ${n}`, busy);
  const some = await postComment(page, baseURL!, id, 'Thread B: one reply');
  await postComment(page, baseURL!, id, 'B reply', some);
  await postComment(page, baseURL!, id, `Thread C: see https://example.com/build-log?part=gpu, not javascript:alert(1)\n${longUrl}`);

  const threadOrder = async () => {
    const texts = await page.getByRole('article', { name: /^Comment by / }).allInnerTexts();
    return texts.flatMap((text) => /Thread (\w):/.exec(text)?.[1] ?? []);
  };
  const sort = page.getByRole('navigation', { name: 'Sort comments' });

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(`/build/${id}`);
    await hydrated(page, javaScriptEnabled);
    // New is the default: the newest thread first.
    await expect(sort.getByRole('link', { name: 'New' })).toHaveAttribute('aria-current', 'page');
    expect(await threadOrder()).toEqual(['C', 'B', 'A']);

    // Top: the most answered first; a plain link, so it works without JavaScript too.
    await sort.getByRole('link', { name: 'Top' }).click();
    await expect(page).toHaveURL(new RegExp(`/build/${id}\\?sort=top#comments-title$`));
    await expect(sort.getByRole('link', { name: 'Top' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(threadOrder).toEqual(['A', 'B', 'C']);

    // The long thread shows its first and latest replies; the rest wait behind one control.
    for (const shown of [1, 2, 5, 6]) await expect(page.getByText(`A reply ${shown}`, { exact: true })).toBeVisible();
    for (const folded of [3, 4]) await expect(page.getByText(`A reply ${folded}`, { exact: true })).toBeHidden();
    await page.getByText('Show 2 more replies').click();
    for (const unfolded of [3, 4]) await expect(page.getByText(`A reply ${unfolded}`, { exact: true })).toBeVisible();

    // http(s) addresses are links that pass no reputation; anything else stays text.
    const link = page.getByRole('link', { name: 'https://example.com/build-log?part=gpu' });
    await expect(link).toHaveAttribute('href', 'https://example.com/build-log?part=gpu');
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(page.getByRole('link', { name: /javascript:/ })).toHaveCount(0);
    await expect(page.getByText('not javascript:alert(1)')).toBeVisible();
    // A long address wraps instead of widening the page.
    const long = page.getByRole('link', { name: longUrl });
    await expect(long).toHaveAttribute('href', longUrl);
    expect((await long.boundingBox())!.width).toBeLessThanOrEqual(viewport.width);
    await expectNoSidewaysScroll(page);
  }
});

test('a comment written in a right-to-left script reads right to left, beside one in English', async ({ page, builds, baseURL }, info) => {
  const id = await builds.someoneElses(`Scripts ${info.project.name} ${Date.now()}`);
  await signInAsNewMember(page, `${info.project.name}-scripts`);
  const arabic = 'هذا الجهاز رائع جدا ولكن الكابلات فوضى';
  await postComment(page, baseURL!, id, arabic);
  await postComment(page, baseURL!, id, 'Clean cables, nice glow');
  await page.goto(`/build/${id}`);
  const direction = (text: string) => page.getByText(text, { exact: true }).evaluate((element) => getComputedStyle(element).direction);
  expect(await direction(arabic)).toBe('rtl');
  expect(await direction('Clean cables, nice glow')).toBe('ltr');
});
