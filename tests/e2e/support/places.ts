import { expect, type Locator, type Page } from '@playwright/test';

/** The phone and the desktop every changed page is looked at in. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Posts a comment (a reply with `parentCommentId`) as the member signed in on `page`,
 * as the comment form posts it; answers its id, read from where the post lands.
 */
export async function postComment(
  page: Page,
  baseURL: string,
  buildId: number,
  content: string,
  parentCommentId?: number,
): Promise<number> {
  const response = await page.request.post(`/build/${buildId}`, {
    headers: { Origin: baseURL },
    form: {
      intent: 'comment',
      form: parentCommentId ? `reply-${parentCommentId}` : 'comment-new',
      content,
      parentCommentId: parentCommentId ?? '',
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const id = /#comment-(\d+)$/.exec(response.headers()['location'] ?? '')?.[1];
  expect(id, 'the post lands on the comment').toBeDefined();
  return Number(id);
}

/** Where the sticky header ends: whatever is above it on the screen is hidden under it. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  return box ? box.y + box.height : 0;
}

/** `place` is on the screen, its top below the sticky header rather than under it (once any scrolling settles). */
export async function expectLandedOn(page: Page, place: Locator): Promise<void> {
  const height = page.viewportSize()!.height;
  await expect
    .poll(
      async () => {
        const box = await place.boundingBox();
        const header = await headerBottom(page);
        return box ? { belowHeader: box.y >= header, onScreen: box.y < height - 40 } : null;
      },
      { message: 'the place is on the screen, below the sticky header' },
    )
    .toEqual({ belowHeader: true, onScreen: true });
}

/** The linked comment's outline: drawn around the comment a link or a post landed on, and only that one. */
export async function expectHighlighted(comment: Locator, highlighted = true): Promise<void> {
  if (highlighted) await expect(comment).toHaveCSS('outline-style', 'solid');
  else await expect(comment).toHaveCSS('outline-style', 'none');
}

/** Scrolls so that `element` sits at the bottom of the window: where a toast shows up by default. */
export async function scrollToWindowBottom(element: Locator): Promise<void> {
  await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    window.scrollBy({ top: box.bottom - window.innerHeight + 12, behavior: 'instant' });
  });
}

/** The two never overlap on the screen. */
export async function expectApart(a: Locator, b: Locator): Promise<void> {
  const [one, other] = [await a.boundingBox(), await b.boundingBox()];
  expect(one && other).toBeTruthy();
  const overlap =
    one!.x < other!.x + other!.width &&
    other!.x < one!.x + one!.width &&
    one!.y < other!.y + other!.height &&
    other!.y < one!.y + one!.height;
  expect(overlap, `${JSON.stringify(one)} overlaps ${JSON.stringify(other)}`).toBe(false);
}
