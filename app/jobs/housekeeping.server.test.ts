import { describe, expect, it } from 'vitest';
import { jobs, sessions, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { waitFor } from '#tests/support/wait';
import { housekeeping, scheduleHousekeeping } from './housekeeping.server';
import { HOUSEKEEPING_JOB } from '~/queue/job-types';
import { startJobRunner } from '#tests/support/job-runner';

describe('housekeeping', () => {
  it('deletes expired sessions (and the rest) and schedules its next run an hour later, once', async () => {
    const [user] = db().insert(users).values({ username: 'old', usernameKey: 'old', email: 'old@example.com' }).returning().all();
    db()
      .insert(sessions)
      .values([
        { idHash: 'expired', userId: user!.id, expiresAt: new Date(Date.now() - 1000) },
        { idHash: 'live', userId: user!.id, expiresAt: new Date(Date.now() + 3600_000) },
      ])
      .run();
    scheduleHousekeeping(db());
    scheduleHousekeeping(db());
    expect(db().select().from(jobs).all()).toHaveLength(1);

    startJobRunner({ [HOUSEKEEPING_JOB]: housekeeping });
    await waitFor(() => db().select().from(jobs).all().length === 2);

    expect(db().select({ idHash: sessions.idHash }).from(sessions).all()).toEqual([{ idHash: 'live' }]);
    const [done, next] = db().select().from(jobs).orderBy(jobs.id).all();
    expect(done?.status).toBe('done');
    expect(next?.status).toBe('queued');
    expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });
});
