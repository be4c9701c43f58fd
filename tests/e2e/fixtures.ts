import { test as base, expect } from '@playwright/test';

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
