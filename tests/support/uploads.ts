import sharp from 'sharp';
import type { Browser, Page } from './browser';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';

/**
 * Just over the upload limit: the file is refused the moment it passes it, and
 * the rest of the body, still under the request limit, is read and discarded
 * before the answer goes out (server/body-limit.ts).
 */
export const OVERSIZE_BYTES = UPLOAD_MAX_BYTES + 16 * 1024;

export type UploadFile = { bytes: Uint8Array<ArrayBuffer>; name: string; type: string };

/** A plain generated photo in `format`. */
export const testPhoto = (format: 'jpeg' | 'png' | 'gif' | 'webp', width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 200, b: 255 } } })
    .toFormat(format)
    .toBuffer();

/** Posts the upload form as a browser without JavaScript does, and follows the redirects. */
export async function uploadBuild(
  browser: Browser,
  fields: { title?: string; file?: UploadFile; roastIntensity?: string; description?: string; tags?: string[]; morePhotos?: UploadFile[] },
): Promise<Page> {
  const body = new FormData();
  body.set('intent', 'upload');
  body.set('title', fields.title ?? '');
  if (fields.roastIntensity) body.set('roastIntensity', fields.roastIntensity);
  if (fields.file) body.set('image', new Blob([fields.file.bytes], { type: fields.file.type }), fields.file.name);
  if (fields.description !== undefined) body.set('description', fields.description);
  for (const tag of fields.tags ?? []) body.append('tags', tag);
  for (const photo of fields.morePhotos ?? []) body.append('photos', new Blob([photo.bytes], { type: photo.type }), photo.name);
  const response = await browser.request('/upload', { method: 'POST', body, headers: { Origin: browser.origin } });
  return browser.follow(response, '/upload');
}

/**
 * A small photo made `size` bytes long by JPEG comment segments, which decoders
 * skip: a big upload on the wire that costs no more to process than a small one.
 */
export async function paddedPhoto(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const photo = await testPhoto('jpeg', 1200, 900);
  const segments: Buffer[] = [];
  let total = photo.length;
  while (total < size) {
    const length = Math.min(0xfffd, size - total);
    const segment = Buffer.alloc(length + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(length + 2, 2);
    segments.push(segment);
    total += segment.length;
  }
  // After the start-of-image marker, before everything else.
  return new Uint8Array(Buffer.concat([photo.subarray(0, 2), ...segments, photo.subarray(2)]));
}

/** Uploads a small photo as `owner` through the form and answers the new build's id (listed at once with SCREENING=off). */
export async function aBuildBy(owner: Browser, title: string): Promise<number> {
  const page = await uploadBuild(owner, { title, file: { bytes: await testPhoto('jpeg', 640, 480), name: 'rig.jpg', type: 'image/jpeg' } });
  return Number(page.url.split('/').pop());
}

let avatars = 0;

/** Sets a new avatar of `member`'s through the API, a picture no other call makes, and answers its URL. */
export async function newAvatar(member: Browser): Promise<string> {
  avatars += 1;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: (avatars * 37) % 256, g: 90, b: 140 } } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.set('avatar', new Blob([png], { type: 'image/png' }), 'me.png');
  const response = await member.request('/api/user/avatar', { method: 'POST', body, headers: { Origin: member.origin } });
  if (response.status !== 200) throw new Error(`the avatar was refused (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { avatarUrl: string }).avatarUrl;
}
