import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract } from '#tests/support/api';
import type { Browser } from '#tests/support/browser';
import { pageText } from '#tests/support/browser';
import { rgbBuildPhoto, whiteBuildPhoto } from '#tests/support/image-fixtures';
import { sharedStack } from '#tests/support/stack';
import { readRow } from '#tests/support/test-database';
import { uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { PHOTO_ALT_MAX_LENGTH } from '~/domain/photo-alt';

// Alt text for every photo (issue 42): drafted from the photo after upload, the owner's to
// change, and what every page, the API and the social card say of the photo.

const stack = sharedStack({ PUBLIC_ORIGIN: 'https://rigroast.test' });
let owner: Browser;
let buildId: number;
let draft: string;
let extraDraft: string;

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every `alt` of an `<img>` on a page. */
const alts = (html: string) => [...html.matchAll(/<img [^>]*?alt="([^"]*)"/g)].map(([, alt]) => decode(alt!));
/** A `<meta>` tag's content in the page's head. */
const metaContent = (html: string, key: string) => {
  const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html.slice(0, html.indexOf('</head>')));
  return found ? decode(found[1]!) : null;
};
const mainAlt = () =>
  readRow<{ alt: string | null }>(stack.app.databasePath, 'select photo_alt as alt from builds where id = ?', buildId).alt;

beforeAll(async () => {
  owner = await stack.member();
  const page = await uploadBuild(owner, {
    title: 'Neon Noir',
    file: { bytes: new Uint8Array(await rgbBuildPhoto()), name: 'rig.jpg', type: 'image/jpeg' },
    morePhotos: [{ bytes: new Uint8Array(await whiteBuildPhoto()), name: 'side.jpg', type: 'image/jpeg' }],
  });
  buildId = Number(/^\/build\/(\d+)$/.exec(page.url)?.[1]);
  draft = await waitFor(mainAlt, { timeoutMs: 20_000 });
  // Until the roast is there the build page only shows the drafts (it reloads itself meanwhile).
  await waitFor(() => readRow<{ roast: string }>(stack.app.databasePath, 'select roast from builds where id = ?', buildId).roast, {
    timeoutMs: 20_000,
  });
  extraDraft = await waitFor(
    () => readRow<{ alt: string | null }>(stack.app.databasePath, 'select alt from build_photos where build_id = ?', buildId).alt,
    { timeoutMs: 20_000 },
  );
}, 60_000);

describe('a new build’s photos get a drafted description', () => {
  it('drafts a literal description of each photo after upload', () => {
    expect(draft).toMatch(/^A dark photo of a PC build in black.*RGB lighting/);
    expect(extraDraft).toBe('A photo of a PC build in grey and white.');
  });

  it('is the photos’ alt on the build page, its photo pages, the gallery and the member’s page', async () => {
    const build = await stack.app.fetch(`/build/${buildId}`).then((response) => response.text());
    expect(alts(build)).toContain(draft);
    expect(alts(await stack.app.fetch(`/build/${buildId}/photos/1`).then((response) => response.text()))).toContain(draft);
    expect(alts(await stack.app.fetch(`/build/${buildId}/photos/2`).then((response) => response.text()))).toContain(extraDraft);
    expect(alts(await stack.app.fetch('/gallery').then((response) => response.text()))).toContain(draft);
    const username = /href="\/u\/([^"]+)"/.exec(build)?.[1];
    expect(alts(await stack.app.fetch(`/u/${username}`).then((response) => response.text()))).toContain(draft);
  });

  it('is the social card’s og:image:alt and twitter:image:alt, with the title and rating the card shows', async () => {
    const html = await stack.app.fetch(`/build/${buildId}`).then((response) => response.text());
    expect(metaContent(html, 'og:image:alt')).toMatch(
      new RegExp(`^${draft.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Neon Noir on RigRoast \\(`),
    );
    expect(metaContent(html, 'twitter:image:alt')).toBe(metaContent(html, 'og:image:alt'));
  });

  it('is in the JSON API: the build’s imageAlt and each photo’s alt, in the contract’s shape', async () => {
    const detail = await call(await stack.browser(), 'GET', `/api/builds/${buildId}`);
    expect(detail.status).toBe(200);
    expectContract('GET', `/api/builds/${buildId}`, detail.body);
    expect(detail.body).toMatchObject({ imageAlt: draft, photos: [{ position: 1, alt: extraDraft }] });
    const recent = await call(await stack.browser(), 'GET', '/api/builds/recent');
    expectContract('GET', '/api/builds/recent', recent.body);
    expect((recent.body as { id: number; imageAlt: string }[]).find((item) => item.id === buildId)?.imageAlt).toBe(draft);
  });
});

describe('the owner changes a description', () => {
  it('sees the draft on the build page and the edit page, in a field per photo; nobody else sees the fields', async () => {
    for (const path of [`/build/${buildId}`, `/build/${buildId}/edit`]) {
      const page = await owner.get(path);
      expect(page.html).toContain('name="alt"');
      expect(pageText(page.html)).toContain(draft);
      expect(pageText(page.html)).toContain(extraDraft);
    }
    const guest = await stack.app.fetch(`/build/${buildId}`).then((response) => response.text());
    expect(guest).not.toContain('name="alt"');
  });

  it('saves it from the edit page without JavaScript, and every page and the API say it from then on', async () => {
    const page = await owner.post(`/build/${buildId}/edit`, {
      intent: 'photo-alt',
      photo: 'main',
      alt: '  A black case glowing purple on a white desk.  ',
    });
    expect(page.status).toBe(200);
    expect(page.url).toBe(`/build/${buildId}/edit`);
    expect(mainAlt()).toBe('A black case glowing purple on a white desk.');
    expect(alts(await stack.app.fetch('/gallery').then((response) => response.text()))).toContain(
      'A black case glowing purple on a white desk.',
    );
    const detail = await call(await stack.browser(), 'GET', `/api/builds/${buildId}`);
    expect(detail.body).toMatchObject({ imageAlt: 'A black case glowing purple on a white desk.' });
  });

  it('saves an extra photo’s from the build page', async () => {
    const photoId = readRow<{ id: number }>(stack.app.databasePath, 'select id from build_photos where build_id = ?', buildId).id;
    const page = await owner.post(`/build/${buildId}`, {
      intent: 'photo-alt',
      photo: String(photoId),
      alt: 'The white side panel, up close.',
    });
    expect(page.status).toBe(200);
    expect(alts(await stack.app.fetch(`/build/${buildId}/photos/2`).then((response) => response.text()))).toContain(
      'The white side panel, up close.',
    );
  });

  it('refuses an empty or an overlong description beside its field, and changes nothing', async () => {
    const before = mainAlt();
    const empty = await owner.post(`/build/${buildId}/edit`, { intent: 'photo-alt', photo: 'main', alt: '   ' });
    expect(empty.status).toBe(400);
    expect(pageText(empty.html)).toContain('Describe the photo in a few words');
    const long = await owner.post(`/build/${buildId}/edit`, {
      intent: 'photo-alt',
      photo: 'main',
      alt: 'x'.repeat(PHOTO_ALT_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(pageText(long.html)).toContain(`cannot exceed ${PHOTO_ALT_MAX_LENGTH} characters`);
    expect(mainAlt()).toBe(before);
  });

  it('takes it only from the owner, and only for their own build’s photos', async () => {
    const before = mainAlt();
    const stranger = await stack.member();
    expect((await stranger.post(`/build/${buildId}/edit`, { intent: 'photo-alt', photo: 'main', alt: 'Hijacked.' })).status).toBe(404);
    expect((await stranger.post(`/build/${buildId}`, { intent: 'photo-alt', photo: 'main', alt: 'Hijacked.' })).status).toBe(403);
    const guest = await stack.browser().post(`/build/${buildId}`, { intent: 'photo-alt', photo: 'main', alt: 'Hijacked.' });
    expect(guest.url).toMatch(/^\/auth/);
    // A photo of another build, named by the owner's own form.
    expect((await owner.post(`/build/${buildId}`, { intent: 'photo-alt', photo: '999999', alt: 'Elsewhere.' })).status).toBe(404);
    expect(mainAlt()).toBe(before);
  });

  it('takes it from the JSON API too, with the same rules', async () => {
    const path = `/api/builds/${buildId}/photo-alt`;
    const saved = await call(owner, 'POST', path, { photo: 'main', alt: 'Purple light through the glass panel.' });
    expect(saved.status).toBe(200);
    expectContract('POST', path, saved.body);
    expect(saved.body).toEqual({ photo: 'main', alt: 'Purple light through the glass panel.' });
    expect(mainAlt()).toBe('Purple light through the glass panel.');
    expect((await call(owner, 'POST', path, { photo: 'main', alt: '' })).status).toBe(400);
    expect((await call(owner, 'POST', path, { photo: 'main', alt: 'x'.repeat(PHOTO_ALT_MAX_LENGTH + 1) })).status).toBe(400);
    expect((await call(await stack.member(), 'POST', path, { photo: 'main', alt: 'Hijacked.' })).status).toBe(403);
    expect((await call(stack.browser(), 'POST', path, { photo: 'main', alt: 'Hijacked.' })).status).toBe(401);
    expect(mainAlt()).toBe('Purple light through the glass panel.');
  });
});
