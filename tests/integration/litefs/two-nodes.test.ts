import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from '#tests/support/browser';
import { pageText, toastText } from '#tests/support/browser';
import { liteFsUnavailable, sharedLiteFsCluster } from '#tests/support/litefs-cluster';
import { askedTwice } from '#tests/support/page-cache';
import { readRow } from '#tests/support/test-database';
import { rawGet, unscreenedPhoto, walkStaticMounts } from '#tests/support/static-files';
import { newAvatar, paddedPhoto, testPhoto, uploadBuild } from '#tests/support/uploads';
import { waitFor } from '#tests/support/wait';
import { staticMounts } from '../../../server/static-mounts';

const unavailable = liteFsUnavailable();
// CI installs fuse3 and has the binary: there, a missing piece is a failure, not a quiet skip.
if (unavailable && process.env.CI) throw new Error(unavailable);
if (unavailable) console.warn(`Skipped. ${unavailable}`);

const ADMIN_EMAIL = 'boss@example.com';

describe.skipIf(unavailable)('RigRoast on two LiteFS nodes (A primary, B replica)', () => {
  // Debug logs name every job a runner starts: the proof that only the primary runs them.
  // The static-files walk plants files in the servers' own build: copies of their own.
  const cluster = sharedLiteFsCluster({ LOG_LEVEL: 'debug', ADMIN_EMAILS: ADMIN_EMAIL }, { ownBuild: true });
  let owner: Browser;
  let rater: Browser;
  let buildId: number;
  const title = `Replica rig ${Date.now()}`;
  const count = (sql: string, ...params: unknown[]) => readRow<{ n: number }>(cluster.primary.databasePath, sql, ...params).n;
  const imageSources = (html: string) => [...html.matchAll(/\/uploads\/images\/[0-9a-f]{64}\.(?:avif|webp|jpg)/g)].map(([src]) => src);

  it('signs a member in on the replica (the code mailed by whichever node sends it), signed in on both nodes', async () => {
    owner = await cluster.member(cluster.replica);
    expect((await owner.get('/profile')).url).toBe('/profile');
    expect((await owner.on(cluster.primary).get('/profile')).url).toBe('/profile');
  });

  it('takes a 5 MB photo through the replica; both nodes list the build and serve its photo', async () => {
    const photo = await paddedPhoto(5 * 1024 * 1024);
    const page = await uploadBuild(owner, { title, file: { bytes: photo, name: 'rig.jpg', type: 'image/jpeg' } });
    expect(page.url).toMatch(/^\/build\/\d+$/);
    buildId = Number(page.url.split('/').pop());
    // The very next page, on the replica, shows it.
    expect(pageText(page.html)).toContain(title);
    // Its social card, drawn on the replica before the replica ever served the photo, has the photo.
    const card = await cluster.browser(cluster.replica).request(`/build/${buildId}/card.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(cluster.replica.output()).not.toContain('drawn without its photo');

    for (const app of [cluster.replica, cluster.primary]) {
      const visitor = cluster.browser(app);
      expect(pageText((await visitor.get('/gallery')).html)).toContain(title);
      const sources = imageSources((await visitor.get(`/build/${buildId}`)).html);
      expect(sources.length).toBeGreaterThan(0);
      for (const src of new Set(sources)) {
        const response = await visitor.request(src);
        expect(response.status, `${src} on ${app.origin}`).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\//);
      }
    }
  });

  it('forwards a write only ever to the primary, whatever host its request-target names', async () => {
    let strayed = 0;
    const elsewhere = createServer((_req, res) => res.end(String(++strayed)));
    await new Promise<void>((ready) => elsewhere.listen(0, '127.0.0.1', ready));
    const stray = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const { hostname, port } = new URL(cluster.replica.origin);
    try {
      for (const path of [`//${stray}/x`, `http://${stray}/x`, `/\\${stray}/x`, `//${stray}/private-images/a.jpg`]) {
        const status = await new Promise<number>((answered, failed) =>
          request({ host: hostname, port, method: path.includes('private') ? 'GET' : 'POST', path }, (answer) => {
            answer.resume();
            answered(answer.statusCode ?? 0);
          })
            .on('error', failed)
            .end(),
        );
        // The primary's answer (no such page), never the other host's.
        expect(status, path).toBe(404);
      }
      expect(strayed).toBe(0);
    } finally {
      await new Promise((closed) => elsewhere.close(closed));
    }
  });

  it('rates and comments on the replica, and the very next page there shows both', async () => {
    rater = await cluster.member(cluster.replica);
    const rated = await rater.post(`/build/${buildId}`, { intent: 'rate', rating: '4' });
    expect(toastText(rated.html)).toContain('Rating submitted');
    expect(pageText(rated.html)).toContain('You rated this build 4 stars.');
    const commented = await rater.post(`/build/${buildId}`, { intent: 'comment', form: 'comment-new', content: 'Seen from node B' });
    expect(pageText(commented.html)).toContain('Seen from node B');
    expect(pageText((await rater.get(`/build/${buildId}`)).html)).toContain('You rated this build 4 stars.');
  });

  it('runs the jobs (the roast) only on the primary', async () => {
    await waitFor(() => count("select count(*) n from jobs where type = 'roast' and status = 'done'") > 0);
    expect(cluster.primary.output()).toMatch(/Job \d+ \(roast\) starts/);
    expect(cluster.replica.output()).not.toMatch(/Job \d+ \(\w+\) starts/);
  });

  it('answers, on either node, pages whose parameters name nothing without keeping them, and a search of many one-letter words', async () => {
    for (const app of [cluster.replica, cluster.primary]) {
      expect((await app.fetch('/gallery?competition=424242')).status, app.origin).toBe(404);
      const vanished = await askedTwice(app, '/gallery?after=987654', '/gallery');
      expect([vanished.status, vanished.headers.get('x-page-cache')], app.origin).toEqual([200, null]);
      expect(pageText(await vanished.text()), app.origin).toContain('No more builds here.');
      const search = await askedTwice(app, '/gallery?q=r+t+x+n+c+g+w+a+b+m', '/gallery');
      expect([search.status, search.headers.get('x-page-cache')], app.origin).toEqual([200, null]);
      expect(pageText(await search.text()), app.origin).toContain('No builds match');
    }
  });

  // Before the primary's restart below: after it, the replica's LiteFS reconnects in its own time.
  it('stops serving a photo on the replica, which keeps its copy, as soon as its build is hidden or deleted', async () => {
    const visitor = cluster.browser(cluster.replica);
    // Each of its own shape: plain photos of one shape share their files, which stay public while any listed build shows them.
    const servedOnReplica = async (width: number) => {
      const page = await uploadBuild(owner, {
        title: `Taken down ${width}`,
        file: { bytes: await testPhoto('jpeg', width, 500), name: 'rig.jpg', type: 'image/jpeg' },
      });
      const id = Number(page.url.split('/').pop());
      // Listed once screening passed it (its models load on first use) and that reached the replica.
      const sources = await waitFor(
        async () => {
          const found = imageSources((await visitor.get(`/build/${id}`)).html);
          return found.length > 0 ? [...new Set(found)] : undefined;
        },
        { timeoutMs: 60_000 },
      );
      for (const src of sources) expect((await visitor.request(src)).status, src).toBe(200);
      return { id, sources };
    };
    const hidden = await servedOnReplica(700);
    const deleted = await servedOnReplica(900);

    // Both sent to the replica; each answer is a page that waited for the change to arrive there.
    const admin = await cluster.member(cluster.replica, ADMIN_EMAIL);
    expect(toastText((await admin.post(`/build/${hidden.id}`, { intent: 'hide-build' })).html)).toContain('Build hidden');
    expect(toastText((await admin.post('/admin/builds', { buildId: String(deleted.id) })).html)).toContain('Build deleted');
    for (const src of [...hidden.sources, ...deleted.sources]) {
      expect((await cluster.browser(cluster.primary).request(src)).status, `${src} on the primary`).toBe(404);
      expect((await visitor.request(src)).status, `${src} on the replica`).toBe(404);
    }
    // Not because the copies are gone: the replica answers what the database says.
    const copy = (src: string) => join(cluster.replica.dataDir, 'uploads', 'images', src.split('/').pop()!);
    expect(hidden.sources.filter((src) => existsSync(copy(src)))).toEqual(hidden.sources);
    // However its folder is spelled: the kept copy was once served at /uploads/IMAGES/.
    for (const src of hidden.sources) {
      for (const spelled of ['/uploads/IMAGES/', '/uploads/imageS/', '/uploads/Images/', '/UPLOADS/images/']) {
        const path = src.replace('/uploads/images/', spelled);
        expect((await rawGet(cluster.replica.origin, path)).status, `${path} on the replica`).toBe(404);
      }
    }
  }, 180_000);

  it('serves a replaced avatar on neither node under any spelling of its folder; the primary deletes its file', async () => {
    const member = await cluster.member(cluster.replica);
    const old = await newAvatar(member);
    // Once the row reached it, the replica copies the file from the primary, and keeps the copy.
    const servedOnReplica = (url: string) => waitFor(async () => (await rawGet(cluster.replica.origin, url)).status === 200);
    await servedOnReplica(old);
    const name = old.split('/').pop()!;
    const onPrimary = join(cluster.primary.dataDir, 'uploads', 'avatars', name);
    // Set an hour ago: a file written a moment ago is left to the hourly sweep.
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(onPrimary, hourAgo, hourAgo);
    const current = await newAvatar(member);
    // In the same commit that took the old one off.
    await servedOnReplica(current);
    for (const folder of ['/uploads/avatars/', '/uploads/AVATARS/', '/uploads/Avatars/', '/uploads/avatarS/', '/UPLOADS/avatars/']) {
      for (const app of [cluster.replica, cluster.primary]) {
        expect((await rawGet(app.origin, `${folder}${name}`)).status, `${folder}${name} on ${app.origin}`).toBe(404);
      }
    }
    expect(existsSync(onPrimary)).toBe(false);
    expect(existsSync(join(cluster.replica.dataDir, 'uploads', 'avatars', name)), 'the replica keeps its copy').toBe(true);
  });

  it('sends no dot file, unlisted upload, unscreened photo, database or server build from either node, however it is asked', async () => {
    for (const app of [cluster.replica, cluster.primary]) {
      const uploadsDir = join(app.dataDir, 'uploads');
      const leaks = await walkStaticMounts({
        origin: app.origin,
        mounts: staticMounts({ uploadsDir, clientFolder: join(app.root, 'build', 'client') }),
        privateFiles: [app.databasePath, join(app.root, 'build', 'server', 'index.js'), unscreenedPhoto(uploadsDir)],
      });
      expect(leaks, app.origin).toEqual([]);
    }
  }, 120_000);

  it('keeps serving reads when the primary is down, answers writes 503 and keeps nothing of them; writes work once it is back', async () => {
    const comments = count('select count(*) n from comments');
    const builds = count('select count(*) n from builds');
    await cluster.stopPrimary();

    const reader = cluster.browser(cluster.replica);
    expect(pageText((await reader.get(`/build/${buildId}`)).html)).toContain(title);
    const refused = await rater.post(`/build/${buildId}`, { intent: 'comment', form: 'comment-new', content: 'Lost?' });
    expect(refused.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBeTruthy();
    expect(pageText(refused.html)).toContain('try again in a moment');
    // The same form sent by JavaScript (React Router's `.data` fetch) is told to load its page again, where a toast says so.
    const enhanced = await rater.request(`/build/${buildId}.data`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'comment', form: 'comment-new', content: 'Lost too?' }).toString(),
    });
    expect(enhanced.status).toBe(204);
    expect(enhanced.headers.get('x-remix-redirect')).toBe(`/build/${buildId}`);
    expect(pageText((await rater.get(`/build/${buildId}`)).html)).toContain('Try again in a moment');
    const upload = await uploadBuild(owner, {
      title: 'Never stored',
      file: { bytes: await paddedPhoto(1024 * 1024), name: 'rig.jpg', type: 'image/jpeg' },
    });
    expect(upload.status).toBe(503);
    const api = await reader.request('/api/request-login-code', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ error: 'unavailable' });

    await cluster.startPrimary();
    const again = await waitFor(async () => {
      const page = await rater.post(`/build/${buildId}`, { intent: 'comment', form: 'comment-new', content: 'Back again' });
      return page.status === 200 ? page : undefined;
    });
    expect(pageText(again.html)).toContain('Back again');
    expect(count('select count(*) n from comments')).toBe(comments + 1);
    expect(count('select count(*) n from builds')).toBe(builds);
    // Nothing of the refused upload on either node's volume: no photo, no partial file.
    const photos = (app: { dataDir: string }) => readdirSync(join(app.dataDir, 'uploads'), { recursive: true }).map(String);
    expect(photos(cluster.replica).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(photos(cluster.primary).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
