import { test as base, expect, type Page } from '@playwright/test';

/**
 * Pages as a returning visitor sees them: the first-visit tutorial (a modal)
 * is marked as seen, so it does not cover what a test clicks.
 */
export const test = base.extend<{ returningVisitor: void }>({
  returningVisitor: [
    async ({ context }, use) => {
      await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
      await use();
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page (when JavaScript runs), so its handlers are attached. */
export async function hydrated(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
