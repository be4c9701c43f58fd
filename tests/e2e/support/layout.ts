import { expect, type Page } from '@playwright/test';

/** The phone and desktop widths every changed page is checked at. */
export const WIDTHS = [390, 1280] as const;

/** The page is no wider than the window: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
}

/** How many rows the elements of `items` take: 1 when they sit side by side, more when they wrap. */
export async function rowsOf(page: Page, selector: string): Promise<number> {
  const tops = await page.locator(selector).evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  return new Set(tops).size;
}
