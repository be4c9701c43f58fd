import { createHash } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Pages as a returning visitor sees them: the first-visit tutorial (a modal)
 * is marked as seen, so it does not cover what a test clicks.
 */
export const test = base.extend<{ returningVisitor: void }>({
  returningVisitor: [
    async ({ context }, use, info) => {
      await context.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
      // Each test comes from its own network address (the e2e server trusts the proxy
      // header), as real visitors do, so per-address limits such as login codes
      // count each test apart.
      const id = createHash('sha256').update(`${info.project.name} ${info.testId} ${info.retry}`).digest();
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${id[0]}.${id[1]}.${id[2]}` });
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
