import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, notifications } from '../../db/schema';
import { db } from '~/services/db.server';
import { aMember } from '#tests/support/factories';
import { waitFor } from '#tests/support/wait';
import { WEEKLY_DIGEST_JOB } from '~/queue/job-types';
import { startJobRunner } from '#tests/support/job-runner';
import { scheduleWeeklyDigest, weeklyDigest } from './weekly-digest.server';

const digestJobs = () => db().select().from(jobs).where(eq(jobs.type, WEEKLY_DIGEST_JOB)).orderBy(jobs.id).all();

describe('scheduleWeeklyDigest', () => {
  it('catches up on the same Monday, otherwise waits for next Monday 00:00 UTC, one job at a time', () => {
    scheduleWeeklyDigest(db(), new Date('2026-11-23T09:30:00Z'));
    scheduleWeeklyDigest(db(), new Date('2026-11-23T10:00:00Z'));
    expect(digestJobs()).toEqual([expect.objectContaining({ runAt: new Date('2026-11-23T00:00:00Z'), payload: { week: '2026-W48' } })]);
    db().delete(jobs).run();
    scheduleWeeklyDigest(db(), new Date('2026-11-24T00:00:00Z'));
    expect(digestJobs()).toEqual([expect.objectContaining({ runAt: new Date('2026-11-30T00:00:00Z'), payload: { week: '2026-W49' } })]);
  });
});

describe('weeklyDigest', () => {
  it("queues the week's digest for each member once, even when the week's job runs twice, then schedules next week", async () => {
    const member = aMember().id;
    const monday = new Date(Date.now() - 60_000);
    const week = '2026-W48';
    for (const runAt of [monday, monday]) {
      db().insert(jobs).values({ type: WEEKLY_DIGEST_JOB, payload: { week }, runAt, key: null }).run();
    }
    startJobRunner({ [WEEKLY_DIGEST_JOB]: weeklyDigest }, { lane: 'mail', concurrency: 2 });
    await waitFor(() => digestJobs().filter((job) => job.status === 'done').length === 2);
    expect(db().select({ userId: notifications.userId, ref: notifications.ref }).from(notifications).all()).toEqual([
      { userId: member, ref: `digest:${week}` },
    ]);
    const next = digestJobs().filter((job) => job.status === 'queued');
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getUTCDay()).toBe(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
