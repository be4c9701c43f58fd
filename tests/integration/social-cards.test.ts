import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { sharedStack } from '#tests/support/stack';

/** Where the site says it lives: every URL in the tags is made from it. */
const PUBLIC_ORIGIN = 'https://rigroast.test';
const TITLE = 'Roast <&"> rig';

const stack = sharedStack({ PUBLIC_ORIGIN });
let buildId: number;
let sharePath: string;

beforeAll(async () => {
  const owner = await stack.member();
  const page = await uploadBuild(owner, {
    title: TITLE,
    file: { bytes: await testPhoto('jpeg', 1600, 1200), name: 'rig.jpg', type: 'image/jpeg' },
  });
  buildId = Number(/^\/build\/(\d+)$/.exec(page.url)?.[1]);
  // The description comes from the roast: let it land so every page read here sees the same one.
  await waitFor(() => readRow<{ roast: string }>(stack.app.databasePath, 'select roast from builds where id = ?', buildId).roast, {
    timeoutMs: 20_000,
  });
  const shared = await owner.post(`/build/${buildId}/share`, {});
  sharePath = /value="https?:\/\/[^"/]+(\/share\/[\w-]+)"/.exec(shared.html)![1]!;
}, 60_000);

const decode = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The content of every `<meta property|name="…">` of a page, and its canonical link. */
function socialTags(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = new Map<string, string>();
  for (const [, key, content] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) tags.set(key!, decode(content!));
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1];
  return { tags, canonical };
}

describe('link previews of a shared build', () => {
  it('has OpenGraph and Twitter tags with absolute URLs on PUBLIC_ORIGIN', async () => {
    // A guest's view, as a crawler sees it.
    const response = await stack.app.fetch(sharePath);
    expect(response.status).toBe(200);
    const { tags, canonical } = socialTags(await response.text());
    expect(canonical).toBe(`${PUBLIC_ORIGIN}/build/${buildId}`);
    expect(tags.get('og:type')).toBe('website');
    expect(tags.get('og:site_name')).toBe('RigRoast');
    expect(tags.get('og:title')).toBe(TITLE);
    expect(tags.get('og:url')).toBe(`${PUBLIC_ORIGIN}/build/${buildId}`);
    expect(tags.get('og:description')?.length).toBeGreaterThan(20);
    expect(tags.get('og:description')!.length).toBeLessThanOrEqual(200);
    expect(tags.get('og:image')).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/build/${buildId}/card\\.jpg\\?v=[0-9a-f]{12}$`));
    expect(tags.get('og:image:width')).toBe('1200');
    expect(tags.get('og:image:height')).toBe('630');
    expect(tags.get('og:image:alt')).toContain(TITLE);
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('twitter:title')).toBe(TITLE);
    expect(tags.get('twitter:image')).toBe(tags.get('og:image'));
  });

  it('has the same tags on the build page itself', async () => {
    const shared = socialTags(await (await stack.app.fetch(sharePath)).text());
    const own = socialTags(await (await stack.app.fetch(`/build/${buildId}`)).text());
    expect(own.canonical).toBe(`${PUBLIC_ORIGIN}/build/${buildId}`);
    for (const key of ['og:title', 'og:description', 'og:url', 'og:image', 'twitter:card', 'twitter:image']) {
      expect(own.tags.get(key)).toBe(shared.tags.get(key));
    }
  });

  it('links a 1200×630 JPEG card, cached for good at its version and kept on the volume', async () => {
    const { tags } = socialTags(await (await stack.app.fetch(sharePath)).text());
    const imagePath = tags.get('og:image')!.slice(PUBLIC_ORIGIN.length);
    const response = await stack.app.fetch(imagePath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(bytes.length).toBeLessThan(150 * 1024);
    const version = new URL(tags.get('og:image')!).searchParams.get('v');
    expect(readdirSync(join(stack.app.dataDir, 'uploads', 'cards'))).toEqual([`${buildId}-${version}.jpg`]);

    // Without the version (or with an old one) the current card is sent, for an hour only.
    const unversioned = await stack.app.fetch(`/build/${buildId}/card.jpg`);
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await unversioned.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 404 for the card of an unknown build', async () => {
    expect((await stack.app.fetch('/build/999999/card.jpg')).status).toBe(404);
    expect((await stack.app.fetch('/build/not-a-number/card.jpg')).status).toBe(404);
  });

  it('has no social tags on an unknown share link', async () => {
    const response = await stack.app.fetch('/share/not-a-real-token');
    expect(response.status).toBe(404);
    expect(socialTags(await response.text()).tags.has('og:image')).toBe(false);
  });
});
