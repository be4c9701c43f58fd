import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { backupSite, copiedWords } from '~/models/backups.server';
import type { Env } from '~/services/env.server';
import { enqueueJob } from '~/queue/enqueue.server';
import { backupJob } from '~/queue/job-types';
import type { JobHandler } from '~/queue/runner.server';
import type { Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import { log } from '~/services/log.server';

// With BACKUP_DIR set, the primary writes a backup there every BACKUP_EVERY (as
// `npm run backup` does) and keeps the newest BACKUP_KEEP. It is a queued job (one
// at a time across the machines, on the primary only, retried, and seen with the
// other jobs); when the last backup was made is read from the folder names, so a
// restart, a new primary or a restored database neither skips nor repeats one.

/** The longest between two looks at whether a backup is due: a changed BACKUP_EVERY counts from the next look. */
const CHECK_EVERY_MS = 3600_000;
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

/**
 * Makes a backup if the newest one is BACKUP_EVERY old (or there is none), then drops
 * all but the newest BACKUP_KEEP. Answers when the next one is due.
 */
export async function backUpIfDue(
  config: Pick<Env, 'DATABASE_PATH' | 'UPLOADS_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP'> & { BACKUP_DIR: string },
  now = new Date(),
): Promise<Date> {
  const newest = (await backupsIn(config.BACKUP_DIR))[0];
  if (newest && now.getTime() - newest.at < config.BACKUP_EVERY) return new Date(newest.at + config.BACKUP_EVERY);
  const summary = await backupSite({
    databasePath: config.DATABASE_PATH,
    uploadsDir: config.UPLOADS_DIR,
    dir: join(config.BACKUP_DIR, backupName(now)),
  });
  log.info(`Backed up ${copiedWords(summary)} to ${summary.dir}`);
  for (const old of (await backupsIn(config.BACKUP_DIR)).slice(config.BACKUP_KEEP)) {
    await rm(join(config.BACKUP_DIR, old.name), { recursive: true, force: true });
  }
  return new Date(now.getTime() + config.BACKUP_EVERY);
}

/** Queues the next look at whether a backup is due at `runAt`, unless one is queued or running. */
export function scheduleBackups(writer: Writer, runAt = new Date()): void {
  enqueueJob(writer, backupJob(runAt));
}

const nextLook = (due: number) => new Date(Math.min(due, Date.now() + CHECK_EVERY_MS));

/**
 * Backs up when one is due, and comes back when the next is (within the hour). With
 * BACKUP_DIR no longer set on the primary, it ends without coming back; the server
 * queues it again when it starts with the setting.
 */
export const backupJobHandler: JobHandler = {
  async run({ complete }) {
    const config = env();
    const { BACKUP_DIR } = config;
    if (!BACKUP_DIR) return void complete(() => undefined);
    const due = await backUpIfDue({ ...config, BACKUP_DIR });
    complete((tx) => scheduleBackups(tx, nextLook(due.getTime())));
  },
  giveUp: (tx) => scheduleBackups(tx, nextLook(Infinity)),
};
