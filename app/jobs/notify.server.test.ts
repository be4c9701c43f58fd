import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { addComment } from '~/models/comments.server';
import { db } from '~/services/db.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { NOTIFY_JOB } from '~/queue/job-types';
import { deliverNotifications } from './notify.server';
import type { ClaimedJob } from '~/queue/lease.server';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

describe('deliverNotifications', () => {
  it('after its last attempt, queues a fresh delivery an hour later while mail is pending, so an outage loses none', async () => {
    const owner = aMember().id;
    const buildId = await aListedBuild({ userId: owner });
    addComment({ buildId, userId: aMember().id, content: 'Hello' });
    const job = db().select().from(jobs).where(eq(jobs.type, NOTIFY_JOB)).get()!;
    db().transaction((tx) => {
      tx.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, job.id)).run();
      deliverNotifications.giveUp!(tx, { ...job, leaseToken: 'gone' } satisfies ClaimedJob);
    });
    const next = db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, NOTIFY_JOB), eq(jobs.status, 'queued')))
      .all();
    expect(next).toEqual([expect.objectContaining({ key: `notify:notifications:${owner}`, type: NOTIFY_JOB })]);
    expect(next[0]!.runAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });
});
