import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { backupSite } from '~/models/backups.server';
import type { Env } from '~/services/env.server';
import { log } from '~/services/log.server';
import { isPrimary } from '~/services/primary.server';

// With BACKUP_DIR set, the primary writes a backup there every BACKUP_EVERY (as
// `npm run backup` does) and keeps the newest BACKUP_KEEP. When the last one was
// made is read from the folder names, so a restart neither skips nor repeats one.

/** How often the schedule looks whether a backup is due (or BACKUP_EVERY, if shorter). */
const CHECK_EVERY_MS = 10 * 60_000;
const BACKUP_NAME = /^rigroast-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

const backupName = (at: Date) =>
  `rigroast-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;

function madeAt(name: string): number | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
}

/** The scheduled backups in `dir`, newest first. */
async function backupsIn(dir: string): Promise<Array<{ name: string; at: number }>> {
  const names = await readdir(dir).catch(() => []);
  return names
    .flatMap((name) => {
      const at = madeAt(name);
      return at === undefined ? [] : [{ name, at }];
    })
    .sort((a, b) => b.at - a.at);
}

/** Makes a backup if the newest one is BACKUP_EVERY old (or there is none), then drops all but the newest BACKUP_KEEP. */
export async function backUpIfDue(
  config: Pick<Env, 'DATABASE_PATH' | 'UPLOADS_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP'> & { BACKUP_DIR: string },
  now = new Date(),
) {
  const newest = (await backupsIn(config.BACKUP_DIR))[0];
  if (newest && now.getTime() - newest.at < config.BACKUP_EVERY) return;
  const summary = await backupSite({
    databasePath: config.DATABASE_PATH,
    uploadsDir: config.UPLOADS_DIR,
    dir: join(config.BACKUP_DIR, backupName(now)),
  });
  log.info(`Backed up ${summary.builds} builds and ${summary.files} files to ${summary.dir}`);
  for (const old of (await backupsIn(config.BACKUP_DIR)).slice(config.BACKUP_KEEP)) {
    await rm(join(config.BACKUP_DIR, old.name), { recursive: true, force: true });
  }
}

/** Starts the schedule when BACKUP_DIR is set; it acts only while this instance is the primary. Answers its stop. */
export function scheduleBackups(config: Env): () => void {
  const { BACKUP_DIR } = config;
  if (!BACKUP_DIR) return () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      if (await isPrimary()) await backUpIfDue({ ...config, BACKUP_DIR });
    } catch (error) {
      log.error(`Scheduled backup into ${BACKUP_DIR} failed`, error);
    }
    if (!stopped) timer = setTimeout(() => void tick(), Math.min(CHECK_EVERY_MS, config.BACKUP_EVERY)).unref();
  };
  timer = setTimeout(() => void tick(), 0).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
