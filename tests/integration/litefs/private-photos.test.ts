import { describe, expect, it } from 'vitest';
import { liteFsUnavailable, sharedLiteFsCluster } from '#tests/support/litefs-cluster';
import { readRow } from '#tests/support/test-database';
import { testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';

const unavailable = liteFsUnavailable();
if (unavailable && process.env.CI) throw new Error(unavailable);
if (unavailable) console.warn(`Skipped. ${unavailable}`);

const ADMIN_EMAIL = 'boss@example.com';

/** Every build-photo URL on a page, avatars aside. */
const photoUrls = (html: string) =>
  [...new Set(html.match(/\/[\w./-]*\/[0-9a-f]{64}\.(?:avif|webp|jpg)/g) ?? [])].filter((url) => !url.startsWith('/uploads/avatars/'));
const fileNameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe.skipIf(unavailable)('unscreened photos across two LiteFS nodes', () => {
  // Real screening with a face threshold of zero: every upload is held for a moderator.
  const cluster = sharedLiteFsCluster({ ADMIN_EMAILS: ADMIN_EMAIL, SCREENING: 'auto', SCREENING_FACE_HOLD: '0', LOG_LEVEL: 'debug' });

  it('screens on the primary only, keeps a held photo private on the replica, and serves it there once approved', async () => {
    const { replica, primary } = cluster;
    const owner = await cluster.member(replica);
    const stranger = await cluster.member(replica);
    const page = await uploadBuild(owner, {
      title: 'Held on B',
      file: { bytes: await testPhoto('jpeg', 900, 600), name: 'rig.jpg', type: 'image/jpeg' },
    });
    const id = Number(page.url.split('/').pop());
    const status = () =>
      readRow<{ review_status: string }>(primary.databasePath, 'select review_status from builds where id = ?', id).review_status;
    await waitFor(() => status() === 'held', { timeoutMs: 60_000, intervalMs: 100 });
    expect(primary.output()).toMatch(/Job \d+ \(screen\) starts/);
    expect(replica.output()).not.toMatch(/Job \d+ \(\w+\) starts/);

    const held = photoUrls((await owner.get(`/build/${id}`)).html);
    expect(held.length).toBeGreaterThan(0);
    for (const url of held) {
      expect(url).toMatch(/^\/private-images\//);
      expect((await owner.request(url)).status, url).toBe(200);
      expect((await stranger.request(url)).status, url).toBe(404);
      expect((await cluster.browser(replica).request(url)).status, url).toBe(404);
      expect((await cluster.browser(replica).request(`/uploads/images/${fileNameOf(url)}`)).status, url).toBe(404);
    }

    const admin = await cluster.member(replica, ADMIN_EMAIL);
    await admin.post('/admin/moderation', { intent: 'approve', id: String(id) });
    const listed = photoUrls((await cluster.browser(replica).get(`/build/${id}`)).html);
    expect(listed.map(fileNameOf).sort()).toEqual(held.map(fileNameOf).sort());
    for (const url of listed) {
      expect(url).toMatch(/^\/uploads\/images\//);
      const response = await cluster.browser(replica).request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/immutable/);
    }
  }, 90_000);
});
