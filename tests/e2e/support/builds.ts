import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

let photo: Promise<Buffer> | undefined;

/**
 * Publishes a build as the page's signed-in member, posting what the upload form
 * posts; answers its id. For tests that need builds but are not about uploading.
 */
export async function postBuild(page: Page, baseURL: string, title: string): Promise<number> {
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
