import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInQuickly, uniqueEmail } from './sign-in';
import { SAMPLE_DESCRIPTION } from '#tests/support/fake-ollama';

let photo: Promise<Buffer> | undefined;

/**
 * Publishes a build as the member signed in on `page` (or a browser context), posting
 * what the upload form posts; answers its id. For tests that need builds but are not
 * about uploading.
 */
export async function postBuild(page: Page | BrowserContext, baseURL: string, title: string): Promise<number> {
  photo ??= sharp({ create: { width: 320, height: 240, channels: 3, background: '#7b5cff' } })
    .jpeg()
    .toBuffer();
  const response = await page.request.post('/upload', {
    headers: { Origin: baseURL },
    multipart: { intent: 'upload', title, image: { name: 'rig.jpg', mimeType: 'image/jpeg', buffer: await photo } },
  });
  expect(response.ok()).toBe(true);
  const id = /\/build\/(\d+)$/.exec(response.url())?.[1];
  expect(id).toBeDefined();
  return Number(id);
}

/**
 * Waits until build `id` has its roast (the e2e server's fake model writes it a few seconds
 * after the upload), asking the API as `on`'s member. Until then the build page reloads
 * itself without JavaScript (its meta refresh), whatever a test is doing on it.
 */
export async function roasted(on: { request: APIRequestContext }, id: number, { timeout = 30_000 } = {}): Promise<void> {
  const roast = async () => ((await (await on.request.get(`/api/builds/${id}`)).json()) as { roast: string | null }).roast;
  await expect.poll(roast, { message: `build ${id}'s roast`, timeout }).toBeTruthy();
}

/** Another member's build: published from a separate browser, so the test's own member can rate it. */
export async function someoneElsesBuild(browser: Browser, baseURL: string, project: string, title: string): Promise<number> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await signInQuickly(context, uniqueEmail(`${project}-owner`));
  const id = await postBuild(context, baseURL, title);
  await context.close();
  return id;
}

/** A new member signed in on the page, with one build of theirs: their address and the build's id. */
export async function aMemberWithABuild(
  page: Page,
  baseURL: string,
  project: string,
  title: string,
): Promise<{ email: string; id: number }> {
  const email = uniqueEmail(project);
  await signInQuickly(page, email);
  return { email, id: await postBuild(page, baseURL, `${title} ${project} ${Date.now()}`) };
}

/**
 * The accessible name of photo `n` (from 1) of the build titled `title`: "Photo of …" (or
 * "Photo n of …") until its description is drafted, then the e2e server's fake vision
 * model's description; which one a page shows depends on how far the describe job got.
 */
export function photoName(title: string, n: number): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const fallback = n === 1 ? `Photo of ${title}` : `Photo ${n} of ${title}`;
  return new RegExp(`^(${escape(fallback)}|${escape(SAMPLE_DESCRIPTION)})$`);
}
