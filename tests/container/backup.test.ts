import Database from 'better-sqlite3';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, pageText } from '#tests/support/browser';
import { type Container, runImage, SESSION_SECRET, startContainer } from '#tests/support/container';
import { signInWithCode } from '#tests/support/sign-in';
import { type SmtpSink, startSmtpSink } from '#tests/support/smtp-sink';
import { testPhoto, uploadBuild } from '#tests/support/uploads';

// `npm run backup -- DIR` and `npm run restore -- DIR` as a self-hoster runs them in the
// container (README, "Backups"): `podman exec --user node <container> npm run backup -- /backups/<name>`
// while the site runs, and the restore in a fresh container on a stopped site's volume.

const PHOTO_URL = /\/uploads\/images\/[0-9a-f]{64}\.(?:avif|webp|jpg)/;
const NODE_UID = 1000;

let sink: SmtpSink;
let backups: string;
let site: Container;
let restored: Container | undefined;
let owner: Browser;
let rater: Browser;

const admin = (container: Container, ...args: string[]) => container.exec(['npm', 'run', '--silent', ...args], 'node');

async function upload(title: string): Promise<number> {
  const page = await uploadBuild(owner, { title, file: { bytes: await testPhoto('jpeg', 800, 600), name: 'rig.jpg', type: 'image/jpeg' } });
  expect(page.url).toMatch(/^\/build\/\d+$/);
  return Number(page.url.split('/').pop());
}

beforeAll(async () => {
  sink = await startSmtpSink();
  backups = mkdtempSync(join(tmpdir(), 'rigroast-backups-'));
  // The app's user writes the backups.
  chownSync(backups, NODE_UID, NODE_UID);
  site = await startContainer({
    env: { SMTP_URL: sink.url, SCREENING: 'off', ROAST_PROVIDER: 'builtin', JOB_POLL_MS: '100' },
    volumes: [`${backups}:/backups`],
  });
  owner = new Browser(site);
  rater = new Browser(site);
  await signInWithCode(owner, sink, 'owner@example.com');
  await signInWithCode(rater, sink, 'rater@example.com');
});

afterAll(async () => {
  await Promise.all([restored?.remove(), site?.remove(), sink?.stop()]);
  rmSync(backups, { recursive: true, force: true });
});

describe('backups', () => {
  it('backs up while uploads and ratings stream in, and restores into a fresh container with every build and photo', async () => {
    for (let index = 0; index < 3; index++) await upload(`Rig before the backup ${index}`);

    let streaming = true;
    const stream = (async () => {
      for (let index = 0; streaming; index++) {
        const id = await upload(`Rig during the backup ${index}`);
        await rater.post(`/build/${id}`, { intent: 'rate', rating: String((index % 5) + 1) });
      }
    })();
    const backup = await admin(site, 'backup', '--', '/backups/during-uploads');
    streaming = false;
    await stream;
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ builds and \d+ files to \/backups\/during-uploads/);

    // A running site is never overwritten.
    const refused = await admin(site, 'restore', '--', '/backups/during-uploads');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('The site is running');

    const snapshot = new Database(join(backups, 'during-uploads', 'sqlite.db'), { readonly: true });
    const builds = snapshot.prepare('select id, title from builds order by id').all() as Array<{ id: number; title: string }>;
    expect(snapshot.pragma('integrity_check', { simple: true })).toBe('ok');
    snapshot.close();
    expect(builds.length).toBeGreaterThanOrEqual(3);

    const dataDir = mkdtempSync(join(tmpdir(), 'rigroast-container-'));
    const restore = await runImage({
      dataDir,
      volumes: [`${backups}:/backups:ro`],
      env: { SESSION_SECRET, SMTP_URL: sink.url },
      command: ['npm', 'run', '--silent', 'restore', '--', '/backups/during-uploads'],
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${builds.length} builds`);
    const restoredDb = new Database(join(dataDir, 'sqlite.db'), { readonly: true });
    expect(restoredDb.pragma('integrity_check', { simple: true })).toBe('ok');
    restoredDb.close();

    restored = await startContainer({ dataDir, env: { SMTP_URL: sink.url, SCREENING: 'off', ROAST_PROVIDER: 'builtin' } });
    const visitor = new Browser(restored);
    for (const build of builds) {
      const page = await visitor.get(`/build/${build.id}`);
      expect(page.status, build.title).toBe(200);
      expect(pageText(page.html)).toContain(build.title);
      const photo = await restored.fetch(PHOTO_URL.exec(page.html)![0]);
      expect(photo.status, build.title).toBe(200);
    }
    // The session cookies came back with the database.
    expect((await owner.on(restored).get('/profile')).url).toBe('/profile');
  });
});
