import sharp from 'sharp';
import { expect, hydrated, test } from './fixtures';
import { signInAsNewMember, toasts } from './support/sign-in';
import { SAMPLE_ADVICE } from '#tests/support/fake-ollama';

// Two roasts in a row, each from the fake vision model after a few seconds.
test.describe.configure({ timeout: 90_000 });

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 200, b: 255 } } })
    .jpeg()
    .toBuffer();

test('an owner chooses Savage at upload, sees it on the roast card with the serious advice, then asks for a Gentle fresh roast', async ({
  page,
  javaScriptEnabled,
}, info) => {
  await signInAsNewMember(page, `${info.project.name}-intensity`);
  await page.goto('/upload');
  await hydrated(page, javaScriptEnabled);
  const intensity = page.getByRole('group', { name: 'Roast intensity' });
  await expect(intensity.getByRole('radio', { name: /^Medium/ })).toBeChecked();
  await page.getByLabel('Build Title').fill(`No mercy ${info.project.name} ${Date.now()}`);
  await page.getByLabel('Photo of your build').setInputFiles({ name: 'rig.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await intensity.getByRole('radio', { name: /^Savage/ }).check();
  await page.getByRole('button', { name: 'Upload PC Build' }).click();
  await expect(page).toHaveURL(/\/build\/\d+$/, { timeout: 30_000 });

  // The page refreshes itself (polling, or a meta refresh without JavaScript) until the roast is there.
  const roast = page.getByRole('region', { name: 'AI Roast' });
  await expect(roast).toContainText('Intensity: Savage', { timeout: 30_000 });
  await expect(roast.getByRole('heading', { name: 'Serious advice' })).toBeVisible();
  const advice = roast.getByRole('list', { name: 'Serious advice' }).getByRole('listitem');
  await expect(advice).toHaveText(SAMPLE_ADVICE);

  // The fresh roast's choice starts at the last roast's intensity.
  await hydrated(page, javaScriptEnabled);
  const fresh = roast.getByRole('group', { name: 'Roast intensity' });
  await expect(fresh.getByRole('radio', { name: /^Savage/ })).toBeChecked();
  await fresh.getByRole('radio', { name: /^Gentle/ }).check();
  await roast.getByRole('button', { name: 'Get a fresh roast' }).click();
  await expect(toasts(page)).toContainText('A fresh roast is on its way');
  await expect(roast).toContainText('Intensity: Gentle', { timeout: 30_000 });
  await expect(roast).not.toContainText('Intensity: Savage');
  await expect(roast.getByRole('list', { name: 'Serious advice' }).getByRole('listitem')).toHaveCount(SAMPLE_ADVICE.length);
  await expect(roast).toContainText('You can ask for a fresh roast again in 24 hours.');
});
