import { openAppDatabase } from '#tests/support/test-database';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Browser, pageText, toastText } from '#tests/support/browser';
import { oversizePng, pngBomb } from '#tests/support/image-fixtures';
import { signInWithCode } from '#tests/support/sign-in';
import { OVERSIZE_BYTES, paddedPhoto, testPhoto, type UploadFile, uploadBuild } from '#tests/support/uploads';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';
import { sharedStack } from '#tests/support/stack';

/** Where the site says it lives: share links are made from it. */
const PUBLIC_ORIGIN = 'https://rigroast.test';

// The roasts wait (a poll an hour away), so the pages' waiting view can be checked; roasting itself is tests/integration/roasts.test.ts.
const stack = sharedStack({ PUBLIC_ORIGIN: PUBLIC_ORIGIN, JOB_POLL_MS: '3600000' });

function database() {
  return openAppDatabase(stack.app.databasePath, { readonly: true });
}

describe('uploading a build as a member', () => {
  it.each(['jpeg', 'png', 'gif', 'webp'] as const)('publishes a %s photo and lands on its page', async (format) => {
    const browser = await stack.member();
    const page = await uploadBuild(browser, {
      title: `My ${format} rig`,
      file: { bytes: await testPhoto(format), name: `rig.${format}`, type: `image/${format}` },
    });
    expect(page.url).toMatch(/^\/build\/\d+$/);
    expect(toastText(page.html)).toContain('Upload successful');
    expect(pageText(page.html)).toContain(`My ${format} rig`);
    // Answered with the one JPEG the upload waits for; the other variants' job has not run
    // (its poll is an hour away), and the page offers what exists, nothing that is not there.
    expect(page.html).not.toContain('type="image/avif"');
    const photo = /<img[^>]+src="(\/uploads\/images\/[0-9a-f]{64}\.jpg)"[^>]+srcSet="\1 1080w"/.exec(page.html)?.[1];
    expect((await browser.request(photo!)).status).toBe(200);
    expect(page.html).toContain('AI is analyzing your PC build...');
    expect(page.html).toContain('http-equiv="refresh"');
  });

  it('refuses a text file renamed .jpg, a file over 10 MB, a decompression bomb and a missing title', async () => {
    const browser = await stack.member();
    const text = await uploadBuild(browser, {
      title: 'Fake',
      file: { bytes: new TextEncoder().encode('not a picture'), name: 'rig.jpg', type: 'image/jpeg' },
    });
    expect(text.status).toBe(400);
    expect(pageText(text.html)).toContain('File type must be an image');
    expect(toastText(text.html)).toContain('Upload failed');

    const huge = await uploadBuild(browser, {
      title: 'Huge',
      file: { bytes: new Uint8Array(OVERSIZE_BYTES), name: 'big.jpg', type: 'image/jpeg' },
    });
    expect(huge.status).toBe(413);
    expect(pageText(huge.html)).toContain('File size must be less than 10MB');

    const bomb = new Uint8Array(await pngBomb());
    const bombed = await uploadBuild(browser, { title: 'Bomb', file: { bytes: bomb, name: 'bomb.png', type: 'image/png' } });
    expect(bombed.status).toBe(400);
    expect(pageText(bombed.html)).toContain('Image is too large');

    const untitled = await uploadBuild(browser, {
      title: '   ',
      file: { bytes: await testPhoto('jpeg'), name: 'rig.jpg', type: 'image/jpeg' },
    });
    expect(untitled.status).toBe(400);
    expect(pageText(untitled.html)).toContain('Title is required');

    const sqlite = database();
    expect(sqlite.prepare("select count(*) from builds where title in ('Fake', 'Huge', 'Bomb')").pluck().get()).toBe(0);
    sqlite.close();
  }, 60_000);

  it('serves its variants without EXIF or GPS, rows and files agree, and the original it keeps is served to nobody', async () => {
    const browser = await stack.member();
    const withGps = await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#ff4fd8' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam', Model: 'X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const page = await uploadBuild(browser, { title: 'Located rig', file: { bytes: withGps, name: 'gps.jpg', type: 'image/jpeg' } });
    const buildId = Number(page.url.split('/').pop());

    const sqlite = database();
    const variants = sqlite
      .prepare('select v.file_name as fileName, v.format from image_variants v join builds b on b.image_id = v.image_id where b.id = ?')
      .all(buildId) as { fileName: string; format: string }[];
    sqlite.close();
    expect(variants.map((variant) => variant.format)).toEqual(['jpeg']);
    for (const variant of variants) {
      expect(existsSync(join(stack.app.dataDir, 'uploads', 'images', variant.fileName))).toBe(true);
      const served = await browser.request(`/uploads/images/${variant.fileName}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(served.headers.get('etag')).toBeTruthy();
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    }
    // Kept as sent, GPS and all, until its later variants are made: never under any address.
    const hash = createHash('sha256').update(withGps).digest('hex');
    expect(existsSync(join(stack.app.dataDir, 'uploads', 'private', 'originals', hash))).toBe(true);
    for (const url of [
      `/uploads/private/originals/${hash}`,
      `/uploads/originals/${hash}`,
      `/private-images/${hash}`,
      `/private-images/../originals/${hash}`,
    ])
      expect((await browser.request(url)).status, url).toBe(404);
  }, 60_000);
});

/** Where the page's link named `text` goes. */
function linkTo(html: string, text: string): string | undefined {
  return new RegExp(`<a\\b[^>]*\\bhref="([^"]*)"[^>]*>${text}</a>`).exec(html)?.[1]?.replaceAll('&amp;', '&');
}

describe('the page waiting for its roast, without JavaScript', () => {
  it('reloads itself with a link that stops it; stopped, it stays still, with links that check again and resume', async () => {
    const browser = await stack.member();
    const page = await uploadBuild(browser, {
      title: 'Rig in no hurry',
      file: { bytes: await testPhoto('jpeg'), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const path = page.url;
    expect(page.html).toContain('http-equiv="refresh"');
    expect(pageText(page.html)).toContain('The AI roast is on its way. This page updates every few seconds.');
    expect(linkTo(page.html, 'Stop updating')).toBe(`${path}?updates=off`);

    // Reloaded, as it reloads itself, it may be kept for its visitor: the stopped page is a page of its own.
    expect((await browser.get(path)).html).toContain('http-equiv="refresh"');
    const stopped = await browser.get(`${path}?updates=off`);
    expect(stopped.status).toBe(200);
    expect(stopped.html).not.toContain('http-equiv="refresh"');
    expect(pageText(stopped.html)).toContain('AI is analyzing your PC build...');
    expect(pageText(stopped.html)).toContain('The AI roast is on its way. Updates paused.');
    expect(linkTo(stopped.html, 'Check again')).toBe(`${path}?updates=off`);
    expect(linkTo(stopped.html, 'Resume updates')).toBe(path);
    expect(linkTo(stopped.html, 'Stop updating')).toBeUndefined();
  });
});

describe('a build sent whole from the upload form', () => {
  const jpeg = (bytes: Uint8Array<ArrayBuffer>, name: string): UploadFile => ({ bytes, name, type: 'image/jpeg' });

  it('takes five photos at their size limit, the four further ones as the build’s extra photos', async () => {
    const browser = await stack.member();
    // Each just under 10 MB and each different (padded to its own size): 50 MB in one form.
    const photos = await Promise.all([0, 1, 2, 3, 4].map((n) => paddedPhoto(UPLOAD_MAX_BYTES - 4096 - n * 1024)));
    const page = await uploadBuild(browser, {
      title: 'Five angles',
      file: jpeg(photos[0]!, 'main.jpg'),
      description: 'Front, back, top, side and inside.',
      tags: ['itx', 'silent'],
      morePhotos: photos.slice(1).map((bytes, n) => jpeg(bytes, `more-${n}.jpg`)),
    });
    expect(page.url).toMatch(/^\/build\/\d+$/);
    expect(pageText(page.html)).toContain('Front, back, top, side and inside.');
    const sqlite = database();
    const buildId = Number(page.url.split('/').pop());
    expect(sqlite.prepare('select position from build_photos where build_id = ? order by position').pluck().all(buildId)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(sqlite.prepare('select tag from build_tags where build_id = ? order by tag').pluck().all(buildId)).toEqual(['itx', 'silent']);
    sqlite.close();
  }, 120_000);

  it('refuses a fifth further photo or a further file that is not an image, under the photos, and makes nothing', async () => {
    const browser = await stack.member();
    const main = jpeg(await testPhoto('jpeg', 640, 480), 'main.jpg');
    const five = await Promise.all([1, 2, 3, 4, 5].map(async (n) => jpeg(await testPhoto('jpeg', 600 + n, 400), `more-${n}.jpg`)));
    const tooMany = await uploadBuild(browser, { title: 'Six photos', file: main, morePhotos: five });
    expect(tooMany.status).toBe(400);
    expect(pageText(tooMany.html)).toContain('Too many files: send at most 5 files');

    const notAnImage = await uploadBuild(browser, {
      title: 'Odd extra',
      file: main,
      morePhotos: [{ bytes: new TextEncoder().encode('not a picture'), name: 'notes.jpg', type: 'image/jpeg' }],
    });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.html).toMatch(/id="[^"]*photos[^"]*-error"[^>]*>.*File type must be an image/s);
    const sqlite = database();
    expect(sqlite.prepare("select count(*) from builds where title in ('Six photos', 'Odd extra')").pluck().get()).toBe(0);
    sqlite.close();
  }, 60_000);

  /** The upload form's fields as a refused form shows them again: the title, the description, the tags ticked. */
  function typedFields(html: string) {
    return {
      title: /<input[^>]*name="title"[^>]*value="([^"]*)"/.exec(html)?.[1],
      description: /<textarea[^>]*name="description"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1],
      tags: [...html.matchAll(/<input[^>]*name="tags"[^>]*>/g)]
        .filter(([input]) => /\schecked=""/.test(input))
        .map(([input]) => /value="([^"]+)"/.exec(input)?.[1]),
    };
  }

  /** The messages under a field, by the ids its input is described by (its hint and its errors). */
  function messagesOf(html: string, field: 'image' | 'photos'): string {
    const input = new RegExp(`<input[^>]*name="${field}"[^>]*>`).exec(html)?.[0] ?? '';
    const errorId = /aria-describedby="[^"]*?([\w-]+-error)"/.exec(input)?.[1];
    if (!errorId) return '';
    return pageText(new RegExp(`<ul id="${errorId}"[^>]*>(.*?)</ul>`, 's').exec(html)?.[1] ?? '');
  }

  it('names a further photo over 10 MB under the further photos, keeps every typed field, and makes nothing', async () => {
    const browser = await stack.member();
    const big = await oversizePng();
    const page = await uploadBuild(browser, {
      title: 'Kept through a refusal',
      file: jpeg(await testPhoto('jpeg', 640, 480), 'main.jpg'),
      description: 'Every word of this stays.',
      tags: ['itx', 'rgb-free'],
      morePhotos: [{ bytes: new Uint8Array(big.buffer), name: big.name, type: big.mimeType }],
    });
    expect(page.status).toBe(413);
    expect(page.url).toBe('/upload');
    expect(typedFields(page.html)).toEqual({
      title: 'Kept through a refusal',
      description: 'Every word of this stays.',
      tags: ['itx', 'rgb-free'],
    });
    expect(messagesOf(page.html, 'photos')).toContain('big-screenshot.png (12.6MB): File size must be less than 10MB');
    expect(messagesOf(page.html, 'photos')).toContain('Choose it again');
    // The main photo was good, but the browser shows the form again without it.
    expect(messagesOf(page.html, 'image')).not.toContain('File size must be less than 10MB');
    expect(messagesOf(page.html, 'image')).toContain('Choose it again');
    expect(toastText(page.html)).toContain('big-screenshot.png (12.6MB): File size must be less than 10MB');
    const sqlite = database();
    expect(sqlite.prepare("select count(*) from builds where title = 'Kept through a refusal'").pluck().get()).toBe(0);
    sqlite.close();
  }, 60_000);

  it('refuses a main photo over 10 MB under it, in the documented words, and keeps every typed field', async () => {
    const browser = await stack.member();
    const big = await oversizePng();
    const page = await uploadBuild(browser, {
      title: 'Big main photo',
      file: { bytes: new Uint8Array(big.buffer), name: big.name, type: big.mimeType },
      description: 'Still here after the refusal.',
      tags: ['sleeper'],
    });
    expect(page.status).toBe(413);
    expect(typedFields(page.html)).toEqual({ title: 'Big main photo', description: 'Still here after the refusal.', tags: ['sleeper'] });
    expect(messagesOf(page.html, 'image')).toContain('File size must be less than 10MB');
    expect(messagesOf(page.html, 'photos')).toBe('');
  }, 60_000);
});

describe('uploading as a guest', () => {
  it('keeps the photo, asks for sign-in, then publishes it once, right after', async () => {
    const guest = stack.browser();
    const page = await uploadBuild(guest, {
      title: 'Guest rig',
      file: { bytes: await testPhoto('png'), name: 'rig.png', type: 'image/png' },
    });
    expect(page.url).toMatch(/^\/auth\?/);
    expect(toastText(page.html)).toContain('Sign in to finish your upload');
    const sqlite = database();
    expect(sqlite.prepare("select count(*) from builds where title = 'Guest rig'").pluck().get()).toBe(0);
    expect(sqlite.prepare("select count(*) from temp_uploads where title = 'Guest rig'").pluck().get()).toBe(1);

    const email = `guest${Date.now()}@example.com`;
    const landed = await signInWithCode(guest, stack.mail, email, '/upload');
    expect(landed.url).toMatch(/^\/build\/\d+$/);
    expect(toastText(landed.html)).toContain('Upload successful');
    expect(pageText(landed.html)).toContain('Guest rig');
    expect(sqlite.prepare("select count(*) from builds where title = 'Guest rig'").pluck().get()).toBe(1);
    expect(sqlite.prepare("select count(*) from temp_uploads where title = 'Guest rig'").pluck().get()).toBe(0);

    // Signing in again publishes nothing more.
    await guest.post('/logout', {});
    const sqliteWrite = openAppDatabase(stack.app.databasePath);
    sqliteWrite.prepare("delete from rate_limit_hits where bucket = 'login-code:resend'").run();
    sqliteWrite.close();
    await signInWithCode(guest, stack.mail, email);
    expect(sqlite.prepare("select count(*) from builds where title = 'Guest rig'").pluck().get()).toBe(1);
    sqlite.close();
  }, 60_000);
});

describe('a guest’s roast intensity', () => {
  it('is kept through sign-in, with the photo and the title', async () => {
    const guest = stack.browser();
    const title = `Guest savage rig ${Date.now()}`;
    const page = await uploadBuild(guest, {
      title,
      roastIntensity: 'savage',
      file: { bytes: await testPhoto('png'), name: 'rig.png', type: 'image/png' },
    });
    expect(page.url).toMatch(/^\/auth\?/);
    const sqlite = database();
    expect(sqlite.prepare('select roast_intensity from temp_uploads where title = ?').pluck().get(title)).toBe('savage');

    const landed = await signInWithCode(guest, stack.mail, `guest-savage${Date.now()}@example.com`, '/upload');
    expect(landed.url).toMatch(/^\/build\/\d+$/);
    expect(sqlite.prepare('select roast_intensity from builds where title = ?').pluck().get(title)).toBe('savage');
    sqlite.close();
  }, 60_000);
});

describe('a guest’s description, tags and further photos', () => {
  it('are kept through sign-in and the build is published with them', async () => {
    const guest = stack.browser();
    const page = await uploadBuild(guest, {
      title: 'Guest sleeper',
      file: { bytes: await testPhoto('png'), name: 'rig.png', type: 'image/png' },
      description: 'Beige outside, 4090 inside.',
      tags: ['sleeper', 'budget'],
      morePhotos: [{ bytes: await testPhoto('jpeg', 700, 500), name: 'inside.jpg', type: 'image/jpeg' }],
    });
    expect(page.url).toMatch(/^\/auth\?/);
    const landed = await signInWithCode(guest, stack.mail, `guest-details-${Date.now()}@example.com`, '/upload');
    expect(landed.url).toMatch(/^\/build\/\d+$/);
    expect(pageText(landed.html)).toContain('Beige outside, 4090 inside.');
    expect(pageText(landed.html)).toContain('#Sleeper');
    const sqlite = database();
    const buildId = Number(landed.url.split('/').pop());
    expect(sqlite.prepare('select tag from build_tags where build_id = ? order by tag').pluck().all(buildId)).toEqual([
      'budget',
      'sleeper',
    ]);
    expect(sqlite.prepare('select count(*) from build_photos where build_id = ?').pluck().get(buildId)).toBe(1);
    sqlite.close();
  }, 60_000);
});

describe('the photo sent ahead with progress (POST /api/uploads/temp)', () => {
  async function sendAhead(browser: Browser, file?: UploadFile, clientToken?: string) {
    const body = new FormData();
    if (file) body.set('image', new Blob([file.bytes], { type: file.type }), file.name);
    if (clientToken) body.set('clientToken', clientToken);
    return browser.request('/api/uploads/temp', { method: 'POST', body, headers: { Origin: stack.app.origin } });
  }

  it("keeps the photo for this browser, and the form then publishes it as the stack.member's build", async () => {
    const browser = await stack.member();
    const response = await sendAhead(browser, { bytes: await testPhoto('jpeg'), name: 'rig.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(201);
    const { tempUploadId } = (await response.json()) as { tempUploadId: string };
    expect(tempUploadId).toMatch(/^[\w-]{20,}$/);

    const body = new FormData();
    body.set('intent', 'finalize');
    body.set('title', 'Sent ahead');
    const page = await browser.follow(
      await browser.request('/upload', { method: 'POST', body, headers: { Origin: stack.app.origin } }),
      '/upload',
    );
    expect(page.url).toMatch(/^\/build\/\d+$/);
    expect(toastText(page.html)).toContain('Upload successful');
    const sqlite = database();
    expect(sqlite.prepare('select count(*) from temp_uploads where id = ?').pluck().get(tempUploadId)).toBe(0);
    sqlite.close();

    // Another browser cannot finish someone else's photo: it has no pending upload.
    const other = await stack.member();
    const stranger = await other.request('/upload', { method: 'POST', body, headers: { Origin: stack.app.origin } });
    expect(stranger.status).toBe(410);
  }, 60_000);

  it('answers JSON errors: not an image, too large, bad or reused client token, foreign origin', async () => {
    const guest = stack.browser();
    const text = await sendAhead(guest, { bytes: new TextEncoder().encode('not a picture'), name: 'rig.jpg', type: 'image/jpeg' });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ error: 'invalid_input', message: 'File type must be an image' });

    const huge = await sendAhead(guest, { bytes: new Uint8Array(OVERSIZE_BYTES), name: 'big.jpg', type: 'image/jpeg' });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 'too_large', message: 'File size must be less than 10MB' });

    const missing = await sendAhead(guest);
    expect(missing.status).toBe(400);

    const bytes = await testPhoto('png', 400, 300);
    expect((await sendAhead(guest, { bytes, name: 'rig.png', type: 'image/png' }, 'short')).status).toBe(400);
    const token = `client-${Date.now()}-abcdefghij`;
    expect((await sendAhead(guest, { bytes, name: 'rig.png', type: 'image/png' }, token)).status).toBe(201);
    const reused = await sendAhead(stack.browser(), { bytes, name: 'rig.png', type: 'image/png' }, token);
    expect(reused.status).toBe(409);

    const body = new FormData();
    body.set('image', new Blob([bytes], { type: 'image/png' }), 'rig.png');
    const foreign = await guest.request('/api/uploads/temp', { method: 'POST', body, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  }, 60_000);
});

describe('upload limits', () => {
  it('refuses more than 30 photos an hour from one network address, with the wait', async () => {
    const guest = stack.browser();
    const bytes = await testPhoto('png', 64, 48);
    const send = () => {
      const body = new FormData();
      body.set('image', new Blob([bytes], { type: 'image/png' }), 'rig.png');
      return guest.request('/api/uploads/temp', { method: 'POST', body, headers: { Origin: stack.app.origin } });
    };
    for (let index = 0; index < 30; index++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many uploads from your network. Try again in 60 minutes.',
    });

    // The upload form says the same, and another address is not affected.
    const page = await uploadBuild(guest, { title: 'One more', file: { bytes, name: 'rig.png', type: 'image/png' } });
    expect(page.status).toBe(429);
    expect(toastText(page.html)).toContain('Too many uploads from your network');
    expect(page.html).toMatch(/<input[^>]*name="title"[^>]*value="One more"/);
    expect((await uploadBuild(stack.browser(), { title: 'Elsewhere', file: { bytes, name: 'rig.png', type: 'image/png' } })).url).toMatch(
      /^\/auth\?/,
    );
  }, 60_000);
});

describe('the gallery', () => {
  it('shows 12 newest builds, then 12 more with LOAD MORE while the last batch was full', async () => {
    const browser = await stack.member();
    const bytes = await testPhoto('jpeg', 640, 480);
    for (let index = 1; index <= 13; index++) {
      await uploadBuild(browser, { title: `Gallery rig ${index}`, file: { bytes, name: 'rig.jpg', type: 'image/jpeg' } });
    }
    const first = await stack.browser().get('/gallery');
    const titles = [...first.html.matchAll(/Gallery rig (\d+)/g)].map((match) => Number(match[1]));
    expect(new Set(titles).size).toBe(12);
    expect(titles[0]).toBe(13);
    // The first photo (the largest paint on a phone) is fetched at once and first; the others as they near the screen.
    const photos = [...first.html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(photos).toHaveLength(12);
    expect(photos[0]).toContain('fetchPriority="high"');
    expect(photos[0]).not.toContain('loading="lazy"');
    for (const photo of photos.slice(1)) {
      expect(photo).toContain('loading="lazy"');
      expect(photo).not.toContain('fetchPriority');
    }
    expect(first.html).toContain('LOAD MORE');
    const more = /href="(\/gallery\?count=24)"/.exec(first.html)?.[1];
    expect(more).toBe('/gallery?count=24');
    const second = await stack.browser().get(more!);
    expect(new Set([...second.html.matchAll(/Gallery rig (\d+)/g)].map((match) => match[1])).size).toBe(13);
  }, 120_000);

  it('sends in its page only what its cards show: the roast the home page shows is not in it', async () => {
    const browser = await stack.member();
    const bytes = await testPhoto('jpeg', 640, 480);
    await uploadBuild(browser, { title: 'Roasted gallery rig', file: { bytes, name: 'rig.jpg', type: 'image/jpeg' } });
    const sqlite = openAppDatabase(stack.app.databasePath);
    sqlite.prepare("update builds set roast = 'A roast only the build and home pages show' where title = 'Roasted gallery rig'").run();
    sqlite.close();

    const home = await stack.browser().get('/');
    expect(pageText(home.html)).toContain('A roast only the build and home pages show');
    const gallery = await stack.browser().get('/gallery');
    expect(pageText(gallery.html)).toContain('Roasted gallery rig');
    expect(gallery.html).not.toContain('A roast only the build and home pages show');
  }, 60_000);
});

describe('sharing a build', () => {
  it('makes one link per build with POST, shows it, and the link opens the read-only page', async () => {
    const owner = await stack.member();
    const published = await uploadBuild(owner, {
      title: 'Share me',
      file: { bytes: await testPhoto('jpeg', 800, 600), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const buildId = Number(/\/build\/(\d+)$/.exec(published.url)?.[1]);

    // Anyone may share, guests included; looking at the share page writes nothing.
    const guest = stack.browser();
    const before = await guest.get(`/build/${buildId}/share`);
    expect(before.status).toBe(200);
    expect(pageText(before.html)).toContain('Create share link');
    const sqlite = database();
    expect(sqlite.prepare('select count(*) from share_tokens where build_id = ?').pluck().get(buildId)).toBe(0);

    const shared = await guest.post(`/build/${buildId}/share`, {});
    expect(shared.url).toBe(`/build/${buildId}/share`);
    const link = /value="(http[^"]+\/share\/([\w-]+))"/.exec(shared.html);
    expect(link?.[1]).toBe(`${PUBLIC_ORIGIN}/share/${link?.[2]}`);
    const token = link![2]!;
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(shared.html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link![1]!)}`);
    expect(shared.html).toContain('https://twitter.com/intent/tweet?url=');
    expect(shared.html).toContain('https://www.linkedin.com/sharing/share-offsite/?url=');

    // Sharing again gives the same link.
    const again = await owner.post(`/build/${buildId}/share`, {});
    expect(again.html).toContain(`/share/${token}`);
    expect(sqlite.prepare('select count(*) from share_tokens where build_id = ?').pluck().get(buildId)).toBe(1);
    sqlite.close();

    const page = await stack.browser().get(`/share/${token}`);
    expect(page.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toContain('Share me');
    expect(text).toContain('No AI roast available yet.');
    expect(text).toContain('Not rated yet');
    expect(text).not.toContain('Rated by 0 users');
    // A shared link shows the build, not the first-visit tutorial over it.
    expect(text).not.toContain('Welcome to RigRoast');
    expect(text).toContain('Back to Home');
    expect(page.html).toContain(`href="/build/${buildId}"`);
    expect(page.html).toMatch(/<img[^>]+src="\/uploads\/images\/[0-9a-f]{64}\.jpg"/);
  }, 60_000);

  it('answers 404 for an unknown token or build', async () => {
    const guest = stack.browser();
    const unknown = await guest.get('/share/not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(pageText(unknown.html)).toContain('This shared build link has expired or does not exist.');
    expect(pageText(unknown.html)).toContain('Return to Home');
    expect((await guest.request('/build/999999/share', { method: 'POST', headers: { Origin: stack.app.origin } })).status).toBe(404);
    expect((await guest.get('/build/999999/share')).status).toBe(404);
  });

  it('answers the Share dialog through POST /api/builds/{id}/share with the same one link', async () => {
    const owner = await stack.member();
    const page = await uploadBuild(owner, {
      title: 'Dialog share',
      file: { bytes: await testPhoto('jpeg'), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const buildId = Number(page.url.split('/').pop());
    const ask = () => stack.browser().request(`/api/builds/${buildId}/share`, { method: 'POST', headers: { Origin: stack.app.origin } });
    const first = await ask();
    expect(first.status).toBe(200);
    const { shareUrl } = (await first.json()) as { shareUrl: string };
    expect(shareUrl).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/share/[\\w-]{32}$`));
    expect(await (await ask()).json()).toEqual({ shareUrl });
    const unknown = await stack.browser().request('/api/builds/999999/share', { method: 'POST', headers: { Origin: stack.app.origin } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Build not found' });
    expect(
      (await stack.browser().request(`/api/builds/${buildId}/share`, { method: 'POST', headers: { Origin: 'https://evil.example' } }))
        .status,
    ).toBe(403);
  });
});

describe('a build’s address', () => {
  it('is its id as links write it: any other spelling of the number is a 404 on every page and call', async () => {
    const owner = await stack.member();
    const page = await uploadBuild(owner, {
      title: 'One address',
      file: { bytes: await testPhoto('jpeg'), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const id = Number(page.url.split('/').pop());
    const status = async (path: string) => (await owner.request(path)).status;
    expect(await status(`/build/${id}`)).toBe(200);
    expect(await status(`/build/${id}/photos/1`)).toBe(200);
    expect(await status(`/api/builds/${id}`)).toBe(200);
    for (const spelling of [`0${id}`, `${id}.0`, `${id}e0`, `+${id}`, `0x${id.toString(16)}`]) {
      for (const path of [
        `/build/${spelling}`,
        `/build/${spelling}/edit`,
        `/build/${spelling}/card.jpg`,
        `/build/${spelling}/share`,
        `/api/builds/${spelling}`,
      ]) {
        expect([path, await status(path)]).toEqual([path, 404]);
      }
    }
    expect(await status(`/build/${id}/photos/01`)).toBe(404);
    expect(await status('/api/builds?competition=1e0')).toBe(400);
  });
});
