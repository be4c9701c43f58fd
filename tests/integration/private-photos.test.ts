import { type Dirent, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from '#tests/support/browser';
import { openAppDatabase, readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { sharedStack } from '#tests/support/stack';

const ADMIN_EMAIL = 'boss@example.com';

let owner: Browser;
let stranger: Browser;
let moderator: Browser;

// Real screening with a face threshold of zero: every upload is held for a moderator.
const stack = sharedStack({ ADMIN_EMAILS: ADMIN_EMAIL, SCREENING: 'auto', SCREENING_FACE_HOLD: '0' }, { network: '192.0.2' });

beforeAll(async () => {
  const admin = await stack.member(ADMIN_EMAIL);
  owner = await stack.member();
  stranger = await stack.member();
  const moderatorEmail = `mod-${Date.now()}@example.com`;
  moderator = await stack.member(moderatorEmail);
  const moderatorId = readRow<{ id: number }>(stack.app.databasePath, 'select id from users where email = ?', moderatorEmail).id;
  await admin.post('/admin/users', { change: 'grant-moderator', userId: String(moderatorId) });
}, 60_000);

/** Every build-photo URL on a page (its srcsets and fallback), avatars aside. */
function photoUrls(html: string): string[] {
  const urls = html.match(/\/[\w./-]*\/[0-9a-f]{64}\.(?:avif|webp|jpg)/g) ?? [];
  return [...new Set(urls.filter((url) => !url.startsWith('/uploads/avatars/')))];
}

const fileNameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Every file under UPLOADS_DIR, by name. */
function filesOnDisk(): string[] {
  return (readdirSync(join(stack.app.dataDir, 'uploads'), { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

const reviewStatus = (id: number) =>
  readRow<{ review_status: string }>(stack.app.databasePath, 'select review_status from builds where id = ?', id).review_status;

let photos = 0;

/**
 * A held build of `owner`'s; each photo differs, so no two builds share an image
 * (by far enough that their scaled-down variants differ too).
 */
async function heldBuild(title: string) {
  photos += 1;
  const page = await uploadBuild(owner, {
    title,
    file: { bytes: await testPhoto('jpeg', 800 + 64 * photos, 600), name: 'rig.jpg', type: 'image/jpeg' },
  });
  const id = Number(page.url.split('/').pop());
  // The page right after the upload, while screening may still be running.
  const waiting = photoUrls(page.html);
  await waitFor(() => reviewStatus(id) === 'held', { timeoutMs: 30_000, intervalMs: 100 });
  // And every variant made: the AVIFs come last, from the job that follows the upload.
  const html = await waitFor(
    async () => {
      const { html } = await owner.get(`/build/${id}`);
      return html.includes('image/avif') ? html : null;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  return { id, waiting, urls: photoUrls(html) };
}

async function expectPrivate(urls: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    for (const browser of [stack.browser(), stranger]) expect((await browser.request(url)).status, url).toBe(404);
    // Nor under the public folder's address.
    expect((await stack.browser().request(`/uploads/images/${fileNameOf(url)}`)).status, url).toBe(404);
    for (const browser of [owner, moderator]) {
      const response = await browser.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/\bprivate\b/);
      expect(response.headers.get('cache-control')).not.toMatch(/public|immutable/);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  }
}

describe('photos nobody may see before screening passes them', () => {
  it("serves a held build's photo only to its owner and moderators, and publishes it on approval", async () => {
    const { id, waiting, urls } = await heldBuild('Held rig');
    await expectPrivate(waiting);
    await expectPrivate(urls);
    // The JSON API names the same private address for its owner.
    const { imageUrl } = (await (await owner.request(`/api/builds/${id}`)).json()) as { imageUrl: string };
    expect(urls).toContain(imageUrl);
    expect((await moderator.get('/admin/moderation')).html).toContain(urls.find((url) => url.endsWith('.jpg')));

    await moderator.post('/admin/moderation', { intent: 'approve', id: String(id) });
    expect(reviewStatus(id)).toBe('approved');
    const listed = photoUrls((await stack.browser().get(`/build/${id}`)).html);
    expect(listed.map(fileNameOf).sort()).toEqual(urls.map(fileNameOf).sort());
    for (const url of listed) {
      expect(url).toMatch(/^\/uploads\/images\//);
      const response = await stack.browser().request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
    }

    // A moderator hiding it takes the photo back out of the public folder.
    await moderator.post(`/build/${id}`, { intent: 'hide-build' });
    expect(reviewStatus(id)).toBe('held');
    for (const url of listed) expect((await stack.browser().request(url)).status, url).toBe(404);
    await expectPrivate(photoUrls((await owner.get(`/build/${id}`)).html));
  }, 90_000);

  it('shows the photo made while the upload waited at once, and keeps the variants made after it private too', async () => {
    const { waiting, urls } = await heldBuild('Late rig');
    // Right after the upload: the JPEG it waited for (and whatever the job had made by then), each there.
    expect(waiting.some((url) => url.endsWith('.jpg'))).toBe(true);
    for (const url of waiting) expect((await owner.request(url)).status, url).toBe(200);
    // Later: 320 and 640 wide, in AVIF, WebP and JPEG, as private as the first.
    expect(urls.map((url) => url.slice(url.lastIndexOf('.'))).sort()).toEqual(['.avif', '.avif', '.jpg', '.jpg', '.webp', '.webp']);
    await expectPrivate(urls);
  }, 90_000);

  it("deletes a rejected build's photo from the volume", async () => {
    const { id, urls } = await heldBuild('Rejected rig');
    const names = urls.map(fileNameOf);
    expect(filesOnDisk()).toEqual(expect.arrayContaining(names));
    await moderator.post('/admin/moderation', { intent: 'reject', id: String(id), reason: 'people' });
    expect(reviewStatus(id)).toBe('rejected');
    const left = new Set(filesOnDisk());
    expect(names.filter((name) => left.has(name))).toEqual([]);
    for (const url of urls) expect((await owner.request(url)).status, url).toBe(404);
  }, 90_000);

  it("keeps a guest's photo sent ahead for the browser that sent it", async () => {
    const guest = stack.browser();
    const body = new FormData();
    body.set('image', new Blob([await testPhoto('png', 500, 400)], { type: 'image/png' }), 'rig.png');
    expect((await guest.request('/api/uploads/temp', { method: 'POST', body, headers: { Origin: stack.app.origin } })).status).toBe(201);
    const urls = photoUrls((await guest.get('/upload')).html);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const own = await guest.request(url);
      expect(own.status, url).toBe(200);
      expect(own.headers.get('cache-control')).toMatch(/\bprivate\b/);
      for (const browser of [stack.browser(), stranger, moderator]) expect((await browser.request(url)).status, url).toBe(404);
      expect((await stack.browser().request(`/uploads/images/${fileNameOf(url)}`)).status, url).toBe(404);
    }
  }, 60_000);
});

describe('share links', () => {
  it('are refused for a build that is not listed, as if it did not exist', async () => {
    const { id } = await heldBuild('Unshareable rig');
    const page = await owner.request(`/build/${id}/share`, { method: 'POST', headers: { Origin: stack.app.origin } });
    expect(page.status).toBe(404);
    const api = await owner.request(`/api/builds/${id}/share`, { method: 'POST', headers: { Origin: stack.app.origin } });
    expect(api.status).toBe(404);
    const sqlite = openAppDatabase(stack.app.databasePath, { readonly: true });
    try {
      expect(sqlite.prepare('select count(*) from share_tokens where build_id = ?').pluck().get(id)).toBe(0);
    } finally {
      sqlite.close();
    }
  }, 60_000);
});

describe('an upgraded install', () => {
  it('takes the files of unlisted photos out of the public folder at start-up', async () => {
    const { urls } = await heldBuild('Upgraded rig');
    const names = urls.map(fileNameOf);
    await stack.app.stop('SIGTERM', { keepData: true });
    // As an install from before migration 0006 left it: every file public, every image marked so.
    const uploads = join(stack.app.dataDir, 'uploads');
    mkdirSync(join(uploads, 'images'), { recursive: true });
    for (const name of readdirSync(join(uploads, 'private', 'images')))
      renameSync(join(uploads, 'private', 'images', name), join(uploads, 'images', name));
    const sqlite = openAppDatabase(stack.app.databasePath);
    try {
      sqlite.prepare('update images set published = 1').run();
    } finally {
      sqlite.close();
    }

    await stack.startAgain();
    await waitFor(async () => (await stack.app.fetch(`/uploads/images/${names[0]}`)).status === 404);
    for (const name of names) expect((await stack.app.fetch(`/uploads/images/${name}`)).status, name).toBe(404);
    const returning = stack.browser();
    for (const [name, value] of owner.cookies) returning.cookies.set(name, value);
    for (const url of urls) expect((await returning.request(url)).status, url).toBe(200);
  }, 90_000);
});
