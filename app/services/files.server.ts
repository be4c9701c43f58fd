import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes `bytes` as `folder/fileName` through a temporary file in the same
 * folder, so a reader never sees a partial file. The name is the content's hash, so an
 * existing file of the same size already holds these bytes.
 */
export async function writeOnce(folder: string, fileName: string, bytes: Uint8Array): Promise<void> {
  const target = join(folder, fileName);
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isFile() && existing.size === bytes.length) {
    // Young again: housekeeping's sweep of unnamed files spares young ones, and this one is about to be named.
    const now = new Date();
    await utimes(target, now, now).catch(() => undefined);
    return;
  }

  // A dot file, which static file servers skip by default.
  const temp = join(folder, `.${fileName}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      // Flushed before the rename: a crash must not leave an empty file under a name that is never rewritten.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Makes the renames into `folder` durable, so the files outlive a power cut once the rows that name them are committed. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Moves these files from one folder to another on the same volume, durably: each
 * by an atomic rename (a reader sees the file in one folder or the other, whole), then
 * both folders synced. Names are content hashes, so a file already in `to` holds the same
 * bytes and is simply replaced; a name missing from `from` is skipped. Answers how many moved.
 */
export async function moveFiles(fileNames: string[], from: string, to: string): Promise<number> {
  if (fileNames.length === 0) return 0;
  await mkdir(to, { recursive: true });
  let moved = 0;
  for (const name of fileNames) {
    try {
      await rename(join(from, name), join(to, name));
      moved += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  if (moved > 0) await Promise.all([syncFolder(to), syncFolder(from)]);
  return moved;
}

/** Deletes these files from each of `folders`, where present. */
export async function removeFiles(fileNames: string[], folders: string[]): Promise<void> {
  await Promise.all(folders.flatMap((folder) => fileNames.map((name) => rm(join(folder, name), { force: true }))));
}

/** Which of `folders` holds `fileName`, trying them in order; null when none does. */
export async function findFile(fileName: string, folders: string[]): Promise<string | null> {
  for (const folder of folders) {
    const path = join(folder, fileName);
    const found = await stat(path).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (found?.isFile()) return path;
  }
  return null;
}

/** The files directly in `folder` last changed before `before` (none if the folder does not exist). */
export async function filesOlderThan(folder: string, before: Date): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(folder, entry.name)).catch(() => undefined);
    if (info && info.mtime < before) old.push(entry.name);
  }
  return old;
}
