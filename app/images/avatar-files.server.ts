import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { competitions, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { filesOlderThan, removeFiles } from '~/services/files.server';
import { AVATAR_FILE, AVATAR_FOLDERS, type AvatarFolder, avatarFileUrl } from './avatars.server';

// Avatar and badge files go when no row names them any more: a member's avatar once they
// replace it or their account is erased, a badge once its competition drops it. One rule
// for all of them, as for photos' files (storage.server.ts): rows first, then the files
// nothing names, sparing young ones, which an upload of the same picture may be about to
// name (writeOnce makes a reused file young again). The hourly sweep takes what is left.

/** How long a file written or reused for an upload may wait for the row that names it. */
const YOUNG_MS = 10 * 60_000;

/** Of these files of `folder`, those no member's avatar or competition's badge names. */
function unnamed(folder: AvatarFolder, fileNames: string[]): string[] {
  if (fileNames.length === 0) return [];
  const urls = fileNames.map((name) => avatarFileUrl(folder, name));
  const named = new Set(
    folder === 'avatars'
      ? db()
          .select({ url: users.avatarUrl })
          .from(users)
          .where(inArray(users.avatarUrl, urls))
          .all()
          .map((row) => row.url)
      : db()
          .select({ url: competitions.badgeUrl })
          .from(competitions)
          .where(inArray(competitions.badgeUrl, urls))
          .all()
          .map((row) => row.url),
  );
  return fileNames.filter((name, at) => !named.has(urls[at]!));
}

/** Deletes those of these files of `folder` that nothing names and that were last written before `before`. */
async function removeUnnamed(folder: AvatarFolder, fileNames: string[], before: number): Promise<number> {
  const where = join(env().UPLOADS_DIR, folder);
  const old: string[] = [];
  for (const name of unnamed(folder, fileNames)) {
    const written = await stat(join(where, name)).catch(() => undefined);
    if (written && written.mtimeMs < before) old.push(name);
  }
  await removeFiles(old, [where]);
  return old.length;
}

const FOLDER_AND_FILE = new RegExp(`^/uploads/(${AVATAR_FOLDERS.join('|')})/([^/]+)$`);

/** After rows stopped naming these avatar or badge URLs: deletes the files nothing names now. */
export async function releaseAvatarFiles(urls: string[], now = Date.now()): Promise<void> {
  for (const url of new Set(urls)) {
    const [, folder, fileName] = FOLDER_AND_FILE.exec(url) ?? [];
    if (folder && fileName && AVATAR_FILE.test(fileName)) await removeUnnamed(folder as AvatarFolder, [fileName], now - YOUNG_MS);
  }
}

const BATCH = 500;

/**
 * Deletes the avatar and badge files nothing names (housekeeping): those a crash between
 * a row's change and the release left, or that were young when they were released. Answers how many went.
 */
export async function pruneOrphanAvatarFiles(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const folder of AVATAR_FOLDERS) {
    const old = (await filesOlderThan(join(env().UPLOADS_DIR, folder), new Date(now - YOUNG_MS))).filter((name) => AVATAR_FILE.test(name));
    for (let start = 0; start < old.length; start += BATCH)
      removed += await removeUnnamed(folder, old.slice(start, start + BATCH), now - YOUNG_MS);
  }
  return removed;
}
