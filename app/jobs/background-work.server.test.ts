import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import {
  ALT_BACKFILL_JOB,
  BATTLE_REFIT_JOB,
  COMPETITION_CLOSING_JOB,
  HOUSEKEEPING_JOB,
  INTEGRITY_SCAN_JOB,
  LEADERBOARD_JOB,
  SEARCH_INDEX_JOB,
  TRENDING_JOB,
  WEEKLY_DIGEST_JOB,
} from '~/queue/job-types';
import { db } from '~/services/db.server';
import { env } from '~/services/env.server';
import { startBackgroundWork } from './background-work.server';

const queuedTypes = () =>
  db()
    .select({ type: jobs.type })
    .from(jobs)
    .all()
    .map((job) => job.type)
    .sort();

describe('startBackgroundWork', () => {
  it('queues one of each recurring job on the primary, however often it starts', async () => {
    for (let start = 0; start < 2; start += 1) await startBackgroundWork(db(), env(), { primary: true }).stop();
    expect(queuedTypes()).toEqual(
      [
        ALT_BACKFILL_JOB,
        BATTLE_REFIT_JOB,
        COMPETITION_CLOSING_JOB,
        HOUSEKEEPING_JOB,
        INTEGRITY_SCAN_JOB,
        LEADERBOARD_JOB,
        SEARCH_INDEX_JOB,
        TRENDING_JOB,
        WEEKLY_DIGEST_JOB,
      ].sort(),
    );
  });

  it('leaves the recurring jobs to the primary on a replica', async () => {
    await startBackgroundWork(db(), env(), { primary: false }).stop();
    expect(queuedTypes()).toEqual([]);
  });
});
