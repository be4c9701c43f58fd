import { createHash } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { postBuild, someoneElsesBuild } from './support/builds';
import { fillWithHostileContent, type HostileSite } from './support/hostile-content';

/** Builds for tests that need them but are not about uploading, made as support/builds.ts makes them. */
type Builds = {
  /** Publishes a build as the member signed in on the test's page; answers its id. */
  post(title: string): Promise<number>;
  /** Another member's build, published from a browser of its own; answers its id. */
  someoneElses(title: string): Promise<number>;
};

/**
 * Pages as a returning visitor sees them: the first-visit tutorial (a modal)
 * is marked as seen, so it does not cover what a test clicks.
 */
export const test = base.extend<{ returningVisitor: void; hydratesCleanly: void; builds: Builds }, { hostile: HostileSite }>({
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
  // Every page React hydrates must match the HTML the server sent (a mismatch makes React
  // throw the server's HTML away and draw the page again): SharedRegions rely on it.
  hydratesCleanly: [
    async ({ context }, use) => {
      const mismatches: string[] = [];
      const watch = (text: string) => {
        if (/hydrat|Minified React error #(418|419|421|422|423|425)\b/i.test(text)) mismatches.push(text);
      };
      context.on('console', (message) => {
        if (message.type() === 'error') watch(message.text());
      });
      context.on('weberror', (error) => watch(String(error.error())));
      await use();
      expect(mismatches, 'React could not hydrate a page').toEqual([]);
    },
    { auto: true },
  ],
  // The layout spec's set of hostile content, made once in a worker that runs its tests. It is
  // defined here rather than in that spec, so its tests share the other specs' workers:
  // Playwright queues tests with fixtures of their own after all the others, and this
  // spec's three tests, one after the other, were the last minute of the run.
  hostile: [
    async ({ playwright: _ }, provide, worker) => {
      await provide(await fillWithHostileContent(worker.project.use.baseURL!, worker.project.name));
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // Playwright's `use`, named `provide` so lint does not take it for React's hook.
  builds: async ({ page, browser, baseURL }, provide, info) => {
    await provide({
      post: (title) => postBuild(page, baseURL!, title),
      someoneElses: (title) => someoneElsesBuild(browser, baseURL!, info.project.name, title),
    });
  },
});

export { expect };

/** Waits until React has hydrated the page (when JavaScript runs), so its handlers are attached. */
export async function hydrated(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Holds the page's scripts back until the returned function is called: a visitor on a
 * slow link can use the page (they load after it, scripts-after-load.ts) before they run.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scripts;
    await route.continue();
  });
  return release;
}
