import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { hydrated } from '../fixtures';

type PhotoFile = { name: string; mimeType: string; buffer: Buffer };

/** A plain JPEG of one colour, 1000 by 750 unless told another size. */
export async function aPhoto(
  background: { r: number; g: number; b: number },
  name = 'rig.jpg',
  { width, height } = { width: 1000, height: 750 },
): Promise<PhotoFile> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export type UploadFields = {
  title: string;
  photo: PhotoFile;
  description?: string;
  /** The tags' labels, as the checkboxes name them. */
  tags?: string[];
  morePhotos?: PhotoFile[];
};

/** Opens the upload page and fills its form as a visitor does, without sending it. */
export async function fillUploadForm(page: Page, javaScriptEnabled: boolean, fields: UploadFields) {
  await page.goto('/upload');
  await hydrated(page, javaScriptEnabled);
  await page.getByLabel('Build Title').fill(fields.title);
  await page.getByLabel('Photo of your build').setInputFiles(fields.photo);
  if (fields.morePhotos) await page.getByLabel('More photos (optional)').setInputFiles(fields.morePhotos);
  if (fields.description !== undefined) await page.getByLabel('Description (optional)').fill(fields.description);
  for (const tag of fields.tags ?? []) await page.getByRole('checkbox', { name: tag }).check();
}

/** A signed-in member uploads a build through the form and lands on its page; answers the page's path. */
export async function uploadThroughForm(page: Page, javaScriptEnabled: boolean, fields: UploadFields): Promise<string> {
  await fillUploadForm(page, javaScriptEnabled, fields);
  await page.getByRole('button', { name: 'Upload PC Build' }).click();
  await expect(page).toHaveURL(/\/build\/\d+$/, { timeout: 30_000 });
  return new URL(page.url()).pathname;
}
