import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobs, trendingEpoch } from '../../db/schema';
import { TRENDING_JOB } from '~/queue/job-types';
import { addComment } from '~/models/comments.server';
import { recountTrending } from '~/models/trending.server';
import { TRENDING_WINDOW_MS } from '~/domain/gallery';
import { db } from '~/services/db.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { startJobRunner } from '#tests/support/job-runner';
import { withScreeningOff } from '#tests/support/screening-off';
import { trendingByFormula, trendingOrder } from '#tests/support/trending';
import { waitFor } from '#tests/support/wait';
import { refreshTrendingHeats, scheduleTrending, TRENDING_EVERY_MS } from './trending-job.server';

withScreeningOff();

const trendingJobs = () => db().select().from(jobs).where(eq(jobs.type, TRENDING_JOB)).orderBy(jobs.id).all();

it('moves the trending heats on to the window’s start, keeping the order, and comes back ten minutes later', async () => {
  const now = Date.now();
  const DAY = 24 * 3600_000;
  const fading = await aListedBuild({ title: 'Fading', at: new Date(now - 20 * DAY) });
  const fresh = await aListedBuild({ title: 'Fresh', at: new Date(now - 20 * DAY) });
  for (let index = 0; index < 3; index++)
    addComment({ buildId: fading, userId: aMember().id, content: 'Wow' }, new Date(now - 7 * DAY + 3600_000));
  addComment({ buildId: fresh, userId: aMember().id, content: 'Wow' }, new Date(now - 3600_000));
  // As the job last left them two days ago, Fading's comments counted: they have left the window since.
  db().transaction((tx) => recountTrending(tx, now - 2 * DAY));
  scheduleTrending(db());
  startJobRunner({ [TRENDING_JOB]: refreshTrendingHeats });
  await waitFor(() => trendingJobs().length === 2);

  const [done, next] = trendingJobs();
  expect(done?.status).toBe('done');
  expect(next?.status).toBe('queued');
  expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(TRENDING_EVERY_MS - 5000);
  const { since } = db().select().from(trendingEpoch).get()!;
  expect(Date.now() - TRENDING_WINDOW_MS - since).toBeLessThan(5000);
  expect(trendingOrder(Date.now())).toEqual([fresh, fading]);
  expect(trendingOrder(Date.now())).toEqual(trendingByFormula(Date.now()));
});
