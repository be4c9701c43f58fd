import { LEADERBOARD_JOB } from '~/models/leaderboards.server';
import { replyToComment } from '~/roast/reply-job.server';
import { roastBuild } from '~/roast/roast-job.server';
import { screenBuild } from '~/roast/screen-job.server';
import type { Env } from '~/services/env.server';
import { isPrimary } from '~/services/primary.server';
import { HOUSEKEEPING_JOB, housekeeping } from './housekeeping.server';
import { rankLeaderboards } from './leaderboards.server';
import { AI_REPLY_JOB, ROAST_JOB, SCREEN_JOB } from './job-types';
import { JobRunner } from './runner.server';

/** The runner with every job RigRoast has, configured from the environment. */
export function createJobRunner(config: Env): JobRunner {
  return new JobRunner({
    handlers: {
      [HOUSEKEEPING_JOB]: housekeeping,
      [LEADERBOARD_JOB]: rankLeaderboards,
      [SCREEN_JOB]: screenBuild,
      [ROAST_JOB]: roastBuild,
      [AI_REPLY_JOB]: replyToComment,
    },
    pollMs: config.JOB_POLL_MS,
    concurrency: config.JOB_CONCURRENCY,
    leaseMs: config.JOB_LEASE_MS,
    isPrimary: () => isPrimary(),
  });
}
