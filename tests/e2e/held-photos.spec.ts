import { join } from 'node:path';
import { E2E_DATA } from '../playwright.config';
import { grantModerator, holdExtraPhotos } from '../support/moderation';
import { expect, hydrated, test } from './fixtures';
import { signInQuickly, toasts, uniqueEmail } from './support/sign-in';
import { aPhoto, uploadThroughForm } from './support/upload-form';
import { photoName } from './support/builds';

const database = () => join(process.cwd(), E2E_DATA, 'sqlite.db');

test('a moderator shows one held extra photo and removes another, whose owner reads why', async ({
  page,
  browser,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  const other = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  await other.addInitScript(() => localStorage.setItem('hasSeenTutorial', 'true'));
  const owner = await other.newPage();
  await signInQuickly(owner, uniqueEmail(`${info.project.name}-photographer`));
  const title = `Two angles ${info.project.name} ${Date.now()}`;
  const buildUrl = await uploadThroughForm(owner, javaScriptEnabled, {
    title,
    photo: await aPhoto({ r: 30, g: 30, b: 40 }),
    morePhotos: [await aPhoto({ r: 90, g: 200, b: 90 }, 'front.jpg'), await aPhoto({ r: 200, g: 90, b: 90 }, 'me.jpg')],
  });
  holdExtraPhotos(database(), Number(buildUrl.split('/').pop()), 'We may have spotted a person or a face in this photo.');
  const gallery = (on: typeof page) => on.getByRole('list', { name: /All photos/ }).getByRole('link');
  await owner.goto(buildUrl);
  await expect(gallery(owner)).toHaveCount(0);

  const moderatorEmail = uniqueEmail(`${info.project.name}-moderator`);
  await signInQuickly(page, moderatorEmail);
  grantModerator(database(), moderatorEmail);
  await page.goto('/admin/moderation');
  await hydrated(page, javaScriptEnabled);
  const held = (position: number) => page.getByTestId('held-photo').filter({ hasText: `Photo ${position} of ${title}` });
  await expect(held(1)).toContainText('We may have spotted a person or a face in this photo.');
  await expect(held(1)).toContainText('Screening: NSFW score 0.03 · 1 face');
  // Its alt: the third photo of the build (the main one is the first), or its drafted description.
  await expect(held(2).getByRole('img', { name: photoName(title, 3) })).toBeVisible();
  // The Moderation badge counts them as the queue lists them, and the overview sends staff there.
  const waitingNow = Number((await page.getByText(/^\d+ items? waits? for a moderator\.$/).textContent())!.split(' ')[0]);
  expect(waitingNow).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /^Moderation/ })).toHaveText(
    `Moderation${waitingNow} waiting`,
  );
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Held photos' })).toHaveAttribute('href', '/admin/moderation#held-photos-title');
  await expect(page.getByText(/owner's photos page/)).toHaveCount(0);
  await page.goto('/admin/moderation');
  await hydrated(page, javaScriptEnabled);

  await held(1).getByRole('button', { name: 'Show photo' }).click();
  await expect(toasts(page)).toContainText('Photo shown');
  await expect(held(1)).toHaveCount(0);
  await held(2).getByLabel('Reason shown to the owner').selectOption({ label: 'Shows people or faces' });
  await held(2).getByRole('button', { name: 'Remove photo' }).click();
  await expect(toasts(page)).toContainText('Photo removed');
  await expect(held(2)).toHaveCount(0);

  // Everyone sees the shown one, its file published; the removed one only its owner, with the reason.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const guest = await visitor.newPage();
  await guest.goto(buildUrl);
  await expect(gallery(guest)).toHaveCount(2);
  await expect(gallery(guest).nth(1)).toHaveAttribute('href', `${buildUrl}/photos/2`);
  await guest.goto(`${buildUrl}/photos/2`);
  const fullSize = await guest.getByRole('link', { name: 'Open the image file' }).getAttribute('href');
  expect(fullSize).toMatch(/^\/uploads\/images\//);
  expect((await guest.request.get(fullSize!)).status()).toBe(200);
  // A page of its own: without JavaScript the build page reloads itself while its roast is written.
  const editing = await other.newPage();
  await editing.goto(`${buildUrl}/edit`);
  await expect(editing.getByTestId('extra-photo').nth(1)).toContainText(
    'A moderator removed this photo: build photos may not show people or faces.',
  );
  await visitor.close();
  await other.close();
});
