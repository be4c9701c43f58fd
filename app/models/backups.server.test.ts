import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '~/services/db.server';
import { backupSite } from './backups.server';

let base: string;
let databasePath: string;
let uploadsDir: string;

/** A site on disk: a member with an avatar, a listed build with its photo. */
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'rigroast-backups-'));
  databasePath = join(base, 'site', 'sqlite.db');
  uploadsDir = join(base, 'site', 'uploads');
  const drizzle = openDatabase(databasePath);
  migrateDatabase(drizzle);
  drizzle.$client.close();
  const photo = `${'a'.repeat(64)}.jpg`;
  const avatar = `${'b'.repeat(64)}.webp`;
  for (const [folder, name] of [
    ['images', photo],
    ['avatars', avatar],
  ] as const) {
    mkdirSync(join(uploadsDir, folder), { recursive: true });
    writeFileSync(join(uploadsDir, folder, name), randomBytes(32));
  }
  const site = new Database(databasePath);
  const userId = site
    .prepare(
      "insert into users (username, username_key, email, avatar_url) values ('rigger', 'rigger', 'rigger@example.com', ?) returning id",
    )
    .pluck()
    .get(`/uploads/avatars/${avatar}`) as number;
  const imageId = site
    .prepare("insert into images (hash, width, height, published) values ('h', 640, 480, 1) returning id")
    .pluck()
    .get() as number;
  site
    .prepare("insert into image_variants (image_id, format, width, height, bytes, file_name) values (?, 'jpeg', 640, 480, 32, ?)")
    .run(imageId, photo);
  site.prepare("insert into builds (user_id, title, image_id, review_status) values (?, 'Rig', ?, 'approved')").run(userId, imageId);
  site.close();
});

afterEach(() => rm(base, { recursive: true, force: true }));

/** Every folder and file under `dir` (itself included) with its permission bits. */
async function modes(dir: string): Promise<Array<[string, string]>> {
  const entries = (await readdir(dir, { recursive: true })).map((name) => join(dir, name));
  return Promise.all(
    [dir, ...entries].map(async (path): Promise<[string, string]> => {
      const info = await stat(path);
      return [path.slice(base.length), `${info.isDirectory() ? 'folder' : 'file'} ${(info.mode & 0o777).toString(8)}`];
    }),
  );
}

describe('backupSite', () => {
  it('writes every folder it makes and every file it copies for the site user alone, whatever the umask', async () => {
    const umask = process.umask(0);
    try {
      const summary = await backupSite({ databasePath, uploadsDir, dir: join(base, 'backups', 'nightly', 'first') });
      expect(summary.files).toBe(3);
    } finally {
      process.umask(umask);
    }
    const found = await modes(join(base, 'backups'));
    expect(found.map(([path]) => path)).toEqual(
      expect.arrayContaining(['/backups/nightly/first/sqlite.db', `/backups/nightly/first/uploads/avatars/${'b'.repeat(64)}.webp`]),
    );
    expect(found.filter(([, mode]) => mode !== 'folder 700' && mode !== 'file 600')).toEqual([]);
  });
});
