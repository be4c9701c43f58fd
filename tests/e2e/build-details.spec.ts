import { expect, hydrated, test } from './fixtures';
import { signInAsNewMember, toasts } from './support/sign-in';
import { aPhoto, uploadThroughForm } from './support/upload-form';

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

test('extra photos make a gallery: thumbnails link to full size, arrow keys and swipes step through with JavaScript', async ({
  page,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, info.project.name);
  const buildUrl = await uploadThroughForm(page, javaScriptEnabled, {
    title: `Gallery rig ${info.project.name} ${Date.now()}`,
    photo: await aPhoto({ r: 255, g: 79, b: 216 }),
  });

  await page.getByRole('link', { name: 'Edit description, tags, parts and photos' }).click();
  await expect(page).toHaveURL(`${buildUrl}/edit`);
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
  await expect(thumbnails.nth(1)).toHaveAttribute('href', /\.jpg$/);
  const main = page.getByTestId('gallery-main');
  if (!javaScriptEnabled) {
    await expect(main).toHaveAttribute('aria-label', 'Open the full-size photo (1 of 3)');
    return;
  }
  await thumbnails.nth(2).click();
  await expect(main).toHaveAttribute('aria-label', 'Open the full-size photo (3 of 3)');
  await main.focus();
  await page.keyboard.press('ArrowRight');
  await expect(main).toHaveAttribute('aria-label', 'Open the full-size photo (1 of 3)');
  await page.keyboard.press('ArrowLeft');
  await expect(main).toHaveAttribute('aria-label', 'Open the full-size photo (3 of 3)');
  // A swipe to the left shows the next photo.
  await main.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: 300, clientY: 100 }] });
  await main.dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: 100, clientY: 100 }] });
  await expect(main).toHaveAttribute('aria-label', 'Open the full-size photo (1 of 3)');
});
