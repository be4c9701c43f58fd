import { expect, hydrated, test } from './fixtures';
import { SAMPLE_DESCRIPTION } from '#tests/support/fake-ollama';
import { signInAsNewMember, toasts } from './support/sign-in';
import { aPhoto, uploadThroughForm } from './support/upload-form';

test('the owner sees each photo’s drafted description after upload and changes it on the edit page', async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  await signInAsNewMember(page, info.project.name);
  const title = `Alt rig ${info.project.name} ${Date.now()}`;
  const buildUrl = await uploadThroughForm(page, javaScriptEnabled, { title, photo: await aPhoto({ r: 123, g: 92, b: 255 }) });

  // The vision model (the e2e server's fake) drafts it after the upload: the owner reads it on the build page.
  const field = page.getByLabel('Description of the main photo');
  await expect(async () => {
    await page.goto(buildUrl);
    await expect(field).toHaveValue(SAMPLE_DESCRIPTION, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('gallery-main').getByRole('img', { name: SAMPLE_DESCRIPTION })).toBeVisible();

  await page.goto(`${buildUrl}/edit`);
  await hydrated(page, javaScriptEnabled);
  const save = page.getByRole('button', { name: 'Save description of the main photo' });
  await expect(field).toHaveValue(SAMPLE_DESCRIPTION);
  await field.fill('   ');
  await save.click();
  // In the browser with JavaScript, from the server without: the same message beside the field.
  await expect(field).toHaveAccessibleDescription(/Describe the photo in a few words/);
  await field.fill('A black case glowing purple on a white desk, its glass side panel facing the camera.');
  await save.click();
  await expect(toasts(page)).toContainText('Photo description saved');
  await expect(page).toHaveURL(`${buildUrl}/edit#photos`);

  await page.goto(buildUrl);
  await expect(
    page
      .getByTestId('gallery-main')
      .getByRole('img', { name: 'A black case glowing purple on a white desk, its glass side panel facing the camera.' }),
  ).toBeVisible();
});
