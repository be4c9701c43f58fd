import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { INTEGRITY_SCAN_EVERY_MS, scanVoteIntegrity } from './integrity-scan-job.server';
import { rateBuild } from '~/models/ratings.server';
import { latestIntegrityScan, requestIntegrityScan } from '~/models/vote-integrity.server';
import { INTEGRITY_SCAN_JOB } from '~/queue/job-types';
import { db } from '~/services/db.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { startJobRunner } from '#tests/support/job-runner';
import { waitFor } from '#tests/support/wait';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

describe('the vote-integrity scan job', () => {
  it('keeps the findings for the staff page when asked for a scan, and comes back an hour later', async () => {
    const buildId = await aListedBuild();
    const joined = Date.now() - 86_400_000;
    for (let index = 0; index < 4; index++) {
      const troll = aMember({ createdAt: new Date(joined + index * 60_000) }).id;
      rateBuild({ buildId, userId: troll, rating: 1 });
    }
    requestIntegrityScan();
    startJobRunner({ [INTEGRITY_SCAN_JOB]: scanVoteIntegrity });
    const scan = await waitFor(() => latestIntegrityScan());
    expect(scan.findings.map((finding) => finding.key)).toEqual([`burst-${buildId}-1`]);
    const next = await waitFor(() =>
      db()
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(eq(jobs.key, INTEGRITY_SCAN_JOB))
        .all()
        .find((job) => job.runAt.getTime() > Date.now()),
    );
    expect(next.runAt.getTime()).toBeGreaterThan(Date.now() + INTEGRITY_SCAN_EVERY_MS - 60_000);
  });
});
