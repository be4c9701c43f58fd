import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { builds, jobs } from '../../db/schema';
import { SEARCH_INDEX_JOB } from '~/queue/job-types';
import { db } from '~/services/db.server';
import { aListedBuild } from '#tests/support/factories';
import { startJobRunner } from '#tests/support/job-runner';
import { withScreeningOff } from '#tests/support/screening-off';
import { searchIndexSegments } from '#tests/support/search-index';
import { waitFor } from '#tests/support/wait';
import { mergeSearchIndexJob, scheduleSearchIndexMerge, SEARCH_INDEX_EVERY_MS } from './search-index-job.server';

withScreeningOff();

const searchIndexJobs = () => db().select().from(jobs).where(eq(jobs.type, SEARCH_INDEX_JOB)).orderBy(jobs.id).all();

it('merges the search index into one segment and comes back a day later', async () => {
  for (let index = 0; index < 10; index++) {
    const id = await aListedBuild({ title: `Rig ${index}` });
    db().update(builds).set({ description: 'Fresh paste and new fans' }).where(eq(builds.id, id)).run();
  }
  expect(searchIndexSegments()).toBeGreaterThan(1);

  scheduleSearchIndexMerge(db());
  startJobRunner({ [SEARCH_INDEX_JOB]: mergeSearchIndexJob });
  await waitFor(() => searchIndexJobs().length === 2);

  const [done, next] = searchIndexJobs();
  expect(done?.status).toBe('done');
  expect(next?.status).toBe('queued');
  expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(SEARCH_INDEX_EVERY_MS - 5000);
  expect(searchIndexSegments()).toBe(1);
});
