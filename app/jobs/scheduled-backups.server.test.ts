import Database from 'better-sqlite3';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../db/schema';
import { BACKUP_JOB } from '~/queue/job-types';
import { db, migrateDatabase, openDatabase } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { startJobRunner } from '#tests/support/job-runner';
import { waitFor } from '#tests/support/wait';
import { backupJobHandler, backUpIfDue, scheduleBackups } from './scheduled-backups.server';

const HOUR = 3_600_000;
let dir: string;
let config: Parameters<typeof backUpIfDue>[0];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rigroast-scheduled-backups-'));
  const databasePath = join(dir, 'site.db');
  const db = openDatabase(databasePath);
  migrateDatabase(db);
  db.$client.close();
  config = {
    DATABASE_PATH: databasePath,
    UPLOADS_DIR: join(dir, 'uploads'),
    BACKUP_DIR: join(dir, 'backups'),
    BACKUP_EVERY: 24 * HOUR,
    BACKUP_KEEP: 2,
  };
});

afterEach(async () => {
  vi.unstubAllEnvs();
  resetEnv();
  await rm(dir, { recursive: true, force: true });
});

describe('backUpIfDue', () => {
  it('backs up once every BACKUP_EVERY, however often it is asked, and keeps the newest BACKUP_KEEP', async () => {
    const start = Date.UTC(2026, 10, 1, 3, 0, 0);
    await backUpIfDue(config, new Date(start));
    await backUpIfDue(config, new Date(start + 23 * HOUR));
    expect(await readdir(config.BACKUP_DIR)).toEqual(['rigroast-20261101T030000Z']);

    await backUpIfDue(config, new Date(start + 24 * HOUR));
    await backUpIfDue(config, new Date(start + 48 * HOUR));
    expect((await readdir(config.BACKUP_DIR)).sort()).toEqual(['rigroast-20261102T030000Z', 'rigroast-20261103T030000Z']);
    const copy = new Database(join(config.BACKUP_DIR, 'rigroast-20261103T030000Z', 'sqlite.db'), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
  });

  it('makes BACKUP_DIR and each backup in it for the site user alone, whatever the umask', async () => {
    const umask = process.umask(0o002);
    try {
      await backUpIfDue(config, new Date(Date.UTC(2026, 10, 1, 3, 0, 0)));
    } finally {
      process.umask(umask);
    }
    const mode = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);
    const backup = join(config.BACKUP_DIR, 'rigroast-20261101T030000Z');
    expect([await mode(config.BACKUP_DIR), await mode(backup), await mode(join(backup, 'sqlite.db'))]).toEqual(['700', '700', '600']);
  });
});

describe('the backup job', () => {
  const backupJobs = () => db().select().from(jobs).where(eq(jobs.type, BACKUP_JOB)).orderBy(jobs.id).all();
  const settings = (backupDir: string | undefined) => {
    vi.stubEnv('DATABASE_PATH', config.DATABASE_PATH);
    vi.stubEnv('UPLOADS_DIR', config.UPLOADS_DIR);
    vi.stubEnv('BACKUP_DIR', backupDir ?? '');
    vi.stubEnv('BACKUP_EVERY', '24h');
    resetEnv();
  };

  it('makes the backup that is due and comes back within the hour, however often it is queued', async () => {
    settings(config.BACKUP_DIR);
    scheduleBackups(db());
    scheduleBackups(db());
    startJobRunner({ [BACKUP_JOB]: backupJobHandler }, { lane: 'backups' });
    await waitFor(() => backupJobs().length === 2, { timeoutMs: 15_000 });

    const [done, next] = backupJobs();
    expect(done?.status).toBe('done');
    expect(next?.status).toBe('queued');
    expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(HOUR - 5000);
    expect(next!.runAt.getTime() - Date.now()).toBeLessThanOrEqual(HOUR);
    expect(await readdir(config.BACKUP_DIR)).toHaveLength(1);
  });

  it('ends without coming back once BACKUP_DIR is no longer set', async () => {
    settings(undefined);
    scheduleBackups(db());
    startJobRunner({ [BACKUP_JOB]: backupJobHandler }, { lane: 'backups' });
    await waitFor(() => backupJobs()[0]?.status === 'done');
    expect(backupJobs()).toHaveLength(1);
  });
});
