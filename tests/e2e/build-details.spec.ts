import type { Page, TestInfo } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { oversizePng } from '#tests/support/image-fixtures';
import { expectNoSidewaysScroll, WIDTHS } from './support/layout';
import { signInAsNewMember, toasts } from './support/sign-in';
import { aPhoto, uploadThroughForm } from './support/upload-form';
import { photoName, postBuild } from './support/builds';

test('the owner describes and tags a build and adds more photos at upload, then confirms, corrects, removes and adds parts', async ({
  page,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, info.project.name);
  const buildUrl = await uploadThroughForm(page, javaScriptEnabled, {
    title: `Parts rig ${info.project.name} ${Date.now()}`,
    photo: await aPhoto({ r: 240, g: 240, b: 250 }),
    description: 'Snow white.\n\nBuild log: https://example.com/log',
    tags: ['White build', 'ITX'],
    morePhotos: [await aPhoto({ r: 200, g: 200, b: 255 }, 'side.jpg'), await aPhoto({ r: 255, g: 200, b: 200 }, 'top.jpg')],
  });

  await expect(page.getByText('Snow white.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://example.com/log' })).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#White build' })).toHaveAttribute(
    'href',
    '/gallery?tag=white-build',
  );
  // The main photo and the two sent with it (the e2e server does not screen).
  await expect(page.getByRole('list', { name: /All photos/ }).getByRole('link')).toHaveCount(3);

  // The roast (the fake vision model, a few seconds) proposes what it spotted.
  await expect(async () => {
    await page.goto(`${buildUrl}/edit`);
    await expect(page.getByText('Proposed by the AI').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await hydrated(page, javaScriptEnabled);
  const rows = page.getByTestId('part-row');
  const gpuRow = rows.filter({ has: page.locator('input[name="name"][value="RTX 4080"]') });
  await gpuRow.getByRole('button', { name: /^Confirm/ }).click();
  await expect(toasts(page)).toContainText('Part confirmed');

  const coolerRow = page.getByTestId('part-row').filter({ has: page.locator('input[name="name"][value*="AIO"]') });
  await coolerRow.getByLabel('Name').fill('Arctic Liquid Freezer III 280');
  await coolerRow.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.locator('input[name="name"][value="Arctic Liquid Freezer III 280"]')).toBeVisible();

  const caseRow = page.getByTestId('part-row').filter({ has: page.locator('input[name="name"][value*="mid-tower"]') });
  await caseRow.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.locator('input[name="name"][value*="mid-tower"]')).toHaveCount(0);

  const add = page.getByRole('form', { name: 'Add a part' });
  await add.getByLabel('Category').selectOption('PSU');
  await add.getByLabel('Name').fill('Corsair SF750');
  await add.getByRole('button', { name: 'Add part' }).click();
  await expect(toasts(page)).toContainText('Part added');

  await page.goto(buildUrl);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: 'GPU RTX 4080' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Cooler Arctic Liquid Freezer III 280' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'PSU Corsair SF750' })).toBeVisible();
  await expect(table).not.toContainText('mid-tower');
});

test('the main photo fills its frame edge to edge, even when its widest copy is narrower than the frame', async ({
  page,
  baseURL,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, info.project.name);
  // A 320 px photo: its only copy is narrower than the frame at either width.
  const buildId = await postBuild(page, baseURL!, `Small photo ${info.project.name} ${Date.now()}`);
  await page.goto(`/build/${buildId}`);
  await hydrated(page, javaScriptEnabled);
  const frame = page.getByTestId('gallery-main');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const { inner, photo } = await frame.evaluate((link) => ({
      inner: link.clientWidth,
      photo: link.querySelector('img')!.getBoundingClientRect().width,
    }));
    expect(photo, `at ${width} px the photo is ${photo} px wide in a ${inner} px frame`).toBeCloseTo(inner, 0);
  }
});

test('extra photos make a gallery: thumbnails step through it with JavaScript, and each photo has a page of its own', async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  await signInAsNewMember(page, info.project.name);
  const title = `Gallery rig ${info.project.name} ${Date.now()}`;
  // The main photo taller than the screen: the viewer can zoom into it.
  const photo = await aPhoto({ r: 255, g: 79, b: 216 }, 'rig.jpg', { width: 1800, height: 2400 });
  const buildUrl = await uploadThroughForm(page, javaScriptEnabled, { title, photo });

  await page.getByRole('link', { name: 'Edit description, tags, parts and photos' }).click();
  await expect(page).toHaveURL(`${buildUrl}/edit`);
  const addPhoto = page.getByLabel('Add a photo');
  if (javaScriptEnabled) {
    // A photo over 10 MB is named as soon as it is chosen, and nothing is sent.
    await hydrated(page, javaScriptEnabled);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(request.url());
    });
    await addPhoto.setInputFiles(await oversizePng());
    await expect(addPhoto).toHaveAccessibleDescription(/big-screenshot\.png \(12\.6MB\): File size must be less than 10MB/);
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await expect(addPhoto).toBeFocused();
    expect(sent).toEqual([]);
  }
  for (const [r, g, b] of [
    [46, 230, 255],
    [184, 255, 60],
  ] as const) {
    await hydrated(page, javaScriptEnabled);
    await page.getByLabel('Add a photo').setInputFiles(await aPhoto({ r, g, b }, 'more.jpg'));
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await expect(toasts(page)).toContainText('Photo added');
  }
  await expect(page.getByTestId('extra-photo')).toHaveCount(2);

  await page.goto(buildUrl);
  await hydrated(page, javaScriptEnabled);
  const thumbnails = page.getByRole('list', { name: /All photos/ }).getByRole('link');
  await expect(thumbnails).toHaveCount(3);
  await expect(thumbnails.nth(1)).toHaveAttribute('href', `${buildUrl}/photos/2`);
  const main = page.getByTestId('gallery-main');
  await expect(main).toHaveAttribute('href', `${buildUrl}/photos/1`);
  if (javaScriptEnabled) {
    await thumbnails.nth(2).click();
    await expect(main).toHaveAttribute('aria-label', 'Open the photo full screen (3 of 3)');
    await main.focus();
    await page.keyboard.press('ArrowRight');
    await expect(main).toHaveAttribute('aria-label', 'Open the photo full screen (1 of 3)');
    await page.keyboard.press('ArrowLeft');
    await expect(main).toHaveAttribute('aria-label', 'Open the photo full screen (3 of 3)');
    // A swipe to the left shows the next photo.
    await main.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: 300, clientY: 100 }] });
    await main.dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: 100, clientY: 100 }] });
    await expect(main).toHaveAttribute('aria-label', 'Open the photo full screen (1 of 3)');
  }

  // The main photo opens the photo: with JavaScript in the full-screen viewer, whose address is the photo's page.
  await main.click();
  await expect(page).toHaveURL(`${buildUrl}/photos/1`);
  if (!javaScriptEnabled) {
    // Without it, the photo's own page: large, with its alt text, the way to the next and back to the build.
    await expect(page.getByRole('img', { name: photoName(title, 1) })).toBeVisible();
    await expect(page.getByText('Photo 1 of 3')).toBeVisible();
    await screenshots(page, info, 'photo-page');
    await page.getByRole('link', { name: 'Next photo' }).click();
    await expect(page).toHaveURL(`${buildUrl}/photos/2`);
    await expect(page.getByRole('img', { name: photoName(title, 2) })).toBeVisible();
    // On a phone, between Previous and Next: the way back reads on one line, and Next stays inside the page's margin.
    await page.setViewportSize({ width: 390, height: 844 });
    const back = page.getByRole('link', { name: 'Back to the build' });
    const lines = await back.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, '"Back to the build" on one line').toBe(1);
    const photoNav = (await page.getByRole('navigation', { name: 'Photos of this build' }).boundingBox())!;
    const nextLink = (await page.getByRole('link', { name: 'Next photo' }).boundingBox())!;
    expect(nextLink.x + nextLink.width).toBeLessThanOrEqual(photoNav.x + photoNav.width + 0.5);
    await page.getByRole('link', { name: 'Previous photo' }).click();
    await expect(page).toHaveURL(`${buildUrl}/photos/1`);
    await expect(page.getByRole('link', { name: 'Previous photo' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the build' }).click();
    await expect(page).toHaveURL(buildUrl);
    return;
  }
  const viewer = page.getByRole('dialog', { name: `Photos of ${title}` });
  await expect(viewer).toBeVisible();
  const shownPhoto = viewer.getByRole('img', { name: photoName(title, 1) });
  await expect(shownPhoto).toBeVisible();
  await screenshots(page, info, 'photo-viewer');
  // Zoom: the photo grows past the screen, and back.
  const photoWidth = async () => (await shownPhoto.boundingBox())?.width ?? 0;
  const fitted = await photoWidth();
  await viewer.getByRole('button', { name: 'Zoom in or out' }).click();
  await expect.poll(photoWidth).toBeGreaterThan(fitted * 1.5);
  await viewer.getByRole('button', { name: 'Zoom in or out' }).click();
  await expect.poll(photoWidth).toBeCloseTo(fitted, 0);
  // The keyboard stays in the viewer while it is open.
  for (let press = 0; press < 6; press += 1) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  // A drag to the left (a swipe on a touch screen) turns to the next photo, and the address follows.
  // Over half the screen's width: the next photo however slowly it goes.
  await page.mouse.move(1100, 400);
  await page.mouse.down();
  await page.mouse.move(600, 400, { steps: 8 });
  await page.mouse.move(150, 400, { steps: 8 });
  await page.mouse.up();
  await expect(page).toHaveURL(`${buildUrl}/photos/2`);
  await expect(viewer.getByText(photoName(title, 2))).toBeVisible();
  // So do the arrow keys, each press counted however fast they come.
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(`${buildUrl}/photos/3`);
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowRight']) await page.keyboard.press(key);
  await expect(page).toHaveURL(`${buildUrl}/photos/2`);
  await expect(viewer.getByText(photoName(title, 2))).toBeVisible();
  // Escape closes it, back on the build page, the focus where it was, the photo shown in the large place.
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(page).toHaveURL(buildUrl);
  await expect(main).toBeFocused();
  await expect(main).toHaveAttribute('aria-label', 'Open the photo full screen (2 of 3)');
  // The browser's Back closes it too, and a reload of its address is the photo's page.
  await main.click();
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(`${buildUrl}/photos/2`);
  await page.goBack();
  await expect(viewer).toHaveCount(0);
  await expect(page).toHaveURL(buildUrl);
  await main.click();
  await page.reload();
  await expect(page.getByText('Photo 2 of 3')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the build' })).toBeVisible();
});

/** The page at a phone's and a desktop's width, nothing sideways, kept as test output to look at. */
async function screenshots(page: Page, info: TestInfo, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`) });
  }
}
