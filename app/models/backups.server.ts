import Database from 'better-sqlite3';
import { constants } from 'node:fs';
import { access, chmod, copyFile, cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { AVATAR_FOLDERS } from '~/images/avatars.server';
import { IMAGES_FOLDER, ORIGINALS_FOLDER, PRIVATE_IMAGES_FOLDER } from '~/images/storage.server';
import { counted } from '~/utils/count';

// A backup is a folder holding the database (SQLite's online backup, one read
// transaction) and, under uploads/, every file that copy of the database names, at
// the same paths as under UPLOADS_DIR. Image files are named by their content and
// never rewritten, and are written before the row that names them commits: only a
// deletion after the snapshot can take a named file away, and then a fresh
// snapshot, which no longer names it, is taken.

export const BACKUP_DATABASE = 'sqlite.db';
export const BACKUP_UPLOADS = 'uploads';

/** How many fresh snapshots to try when deletions keep racing the copy. */
const ATTEMPTS = 5;
/** Copy every page in one step, so the copy is one read transaction that a write elsewhere cannot restart. */
const ALL_PAGES = 0x7fffffff;
/** A stored file's name as the code writes them: no folders, no dot files. */
const FILE_NAME = /^[\w-][\w.-]*$/;

/**
 * A backup holds e-mail addresses, password hashes and moderators' notes: its folders and
 * files are the site user's alone, whatever the process's umask (set by chmod, which the
 * umask does not touch). The backup's own folder is so from the start, before anything is in it.
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** `mkdir -p`, every folder it creates the owner's alone. */
async function ownerOnlyFolder(path: string): Promise<void> {
  const first = await mkdir(path, { recursive: true, mode: FOLDER_MODE });
  if (first === undefined) return;
  const top = resolve(first);
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    await chmod(folder, FOLDER_MODE);
    if (folder === top || folder === dirname(folder)) return;
  }
}

/** A refusal with a message for the operator (nothing was changed). */
export class BackupError extends Error {}

export type BackupSummary = { dir: string; builds: number; files: number };

/** What a backup or a restore copied, in words: "12 builds and 40 files". */
export const copiedWords = ({ builds, files }: BackupSummary) =>
  `${counted(builds, 'build', 'builds')} and ${counted(files, 'file', 'files')}`;

/** One file the database names: where it may be under UPLOADS_DIR, and whether it must be there. */
type NamedFile = { name: string; folders: string[]; required: boolean };

/** A site's database and uploads, and the backup folder they are copied to or from. */
type SiteBackup = { databasePath: string; uploadsDir: string; dir: string };

function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function filesNamedBy(snapshot: Database.Database): NamedFile[] {
  const names = (sql: string) => (snapshot.prepare(sql).pluck().all() as string[]).filter((name) => FILE_NAME.test(name));
  // Readers look in both image folders (images/storage.server.ts); so does the backup.
  const variants = names('select distinct file_name from image_variants').map((name) => ({
    name,
    folders: [IMAGES_FOLDER, PRIVATE_IMAGES_FOLDER],
    required: true,
  }));
  // Kept only until the image's later variants are made; copied when still there.
  const originals = names('select hash from images').map((name) => ({ name, folders: [ORIGINALS_FOLDER], required: false }));
  const pictures = AVATAR_FOLDERS.flatMap((folder) => {
    const urls = folder === 'avatars' ? 'select avatar_url from users' : 'select badge_url from competitions where badge_url is not null';
    const prefix = `/uploads/${folder}/`;
    return (snapshot.prepare(urls).pluck().all() as string[])
      .filter((url) => url.startsWith(prefix) && FILE_NAME.test(url.slice(prefix.length)))
      .map((url) => ({ name: url.slice(prefix.length), folders: [folder], required: true }));
  });
  return [...variants, ...originals, ...pictures];
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Copies `file` from the first folder that has it; false when none does. */
async function copyNamedFile(file: NamedFile, uploadsDir: string, target: string): Promise<boolean> {
  for (const folder of file.folders) {
    const destination = join(target, BACKUP_UPLOADS, folder, file.name);
    try {
      await ownerOnlyFolder(join(target, BACKUP_UPLOADS, folder));
      // Copied in an earlier attempt: same name, same bytes.
      if (await exists(destination)) return true;
      await copyFile(join(uploadsDir, folder, file.name), destination, constants.COPYFILE_FICLONE);
      await chmod(destination, FILE_MODE);
      return true;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return false;
}

/**
 * Writes a consistent backup of the site at `databasePath` and `uploadsDir` into `dir`,
 * which must not exist yet, while the site keeps running: it appears whole or not at all.
 */
export async function backupSite({ databasePath, uploadsDir, dir }: SiteBackup): Promise<BackupSummary> {
  if (await exists(dir)) throw new BackupError(`${dir} already exists: give a new folder for the backup.`);
  const partial = join(dir, '..', `.${basename(dir)}.partial`);
  await rm(partial, { recursive: true, force: true });
  await ownerOnlyFolder(partial);
  try {
    const source = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        await rm(join(partial, BACKUP_DATABASE), { force: true });
        await source.backup(join(partial, BACKUP_DATABASE), { progress: () => ALL_PAGES });
        await chmod(join(partial, BACKUP_DATABASE), FILE_MODE);
        const snapshot = new Database(join(partial, BACKUP_DATABASE), { readonly: true });
        try {
          const files = filesNamedBy(snapshot);
          let complete = true;
          for (const file of files) {
            if (!(await copyNamedFile(file, uploadsDir, partial)) && file.required) complete = false;
          }
          if (complete) {
            const builds = snapshot.prepare('select count(*) from builds').pluck().get() as number;
            snapshot.close();
            await rename(partial, dir);
            return { dir, builds, files: files.length };
          }
        } finally {
          if (snapshot.open) snapshot.close();
        }
      }
      throw new BackupError(`Files kept disappearing while they were copied (${ATTEMPTS} attempts): try again when the site is quieter.`);
    } finally {
      source.close();
    }
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Whether some other connection has the database open (a running site): leaving WAL
 * mode needs the database to itself. It goes back to WAL when the site next opens it.
 */
function inUse(databasePath: string): boolean {
  const probe = new Database(databasePath, { fileMustExist: true });
  try {
    return probe.pragma('journal_mode = DELETE', { simple: true }) !== 'delete';
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    probe.close();
  }
}

/**
 * Puts the backup in `dir` back: its database over `databasePath`, its files into
 * `uploadsDir`. Refuses while the site runs (some other process has the database open).
 */
export async function restoreSite({ databasePath, uploadsDir, dir }: SiteBackup): Promise<BackupSummary> {
  const backup = join(dir, BACKUP_DATABASE);
  if (!(await exists(backup))) throw new BackupError(`${dir} holds no backup (no ${BACKUP_DATABASE}).`);
  if ((await exists(databasePath)) && inUse(databasePath))
    throw new BackupError(`The site is running (${databasePath} is open): stop it, then restore.`);

  const snapshot = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    const check = snapshot.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The backup's database is damaged (${String(check)}); nothing was restored.`);
    const files = filesNamedBy(snapshot).length;
    const builds = snapshot.prepare('select count(*) from builds').pluck().get() as number;
    // The files first: a database restored without them would name photos that are not there.
    const uploads = join(dir, BACKUP_UPLOADS);
    for (const folder of await readdir(uploads).catch(() => [])) {
      await cp(join(uploads, folder), join(uploadsDir, folder), { recursive: true, force: true });
    }
    await mkdir(join(databasePath, '..'), { recursive: true });
    // Written through SQLite, so an old WAL beside the target cannot outlive the copy.
    await snapshot.backup(databasePath, { progress: () => ALL_PAGES });
    return { dir, builds, files };
  } finally {
    snapshot.close();
  }
}
