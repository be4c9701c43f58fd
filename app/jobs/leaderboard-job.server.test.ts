import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_JOB } from '~/queue/job-types';
import { builds, images, jobs, ratings, users } from '../../db/schema';
import { LEADERBOARD_EVERY_MS, LEADERBOARD_RATING_DELAY_MS, leaderboard } from '~/models/leaderboards.server';
import { findProgression } from '~/models/progression.server';
import { db } from '~/services/db.server';
import { waitFor } from '#tests/support/wait';
import { rankLeaderboards, scheduleLeaderboards } from './leaderboard-job.server';
import { startJobRunner } from '#tests/support/job-runner';
import { aMember } from '#tests/support/factories';

/** A listed build with one 5-star vote given at `at`. */
function ratedBuild(title: string, at: Date) {
  const name = title.replace(/\W/g, '');
  const maker = aMember({ username: `maker_${name}`, email: `maker_${name}@example.com` });
  const voter = aMember({ username: `voter_${name}`, email: `voter_${name}@example.com` });
  const image = db()
    .insert(images)
    .values({ hash: `hash-${title}`, width: 800, height: 600 })
    .returning()
    .get();
  const build = db()
    .insert(builds)
    .values({ userId: maker.id, title, imageId: image.id, totalRating: 5, ratingCount: 1 })
    .returning()
    .get();
  db().insert(ratings).values({ buildId: build.id, userId: voter.id, rating: 5, createdAt: at, updatedAt: at }).run();
}

const leaderboardJobs = () => db().select().from(jobs).where(eq(jobs.type, LEADERBOARD_JOB)).orderBy(jobs.id).all();

function startRunner() {
  startJobRunner({ [LEADERBOARD_JOB]: rankLeaderboards });
}

describe('the leaderboard job', () => {
  it('ranks every period for the pages and comes back a minute later', async () => {
    ratedBuild('Fresh rig', new Date(Date.now() - 3600_000));
    ratedBuild('Old rig', new Date(Date.now() - 10 * 24 * 3600_000));
    scheduleLeaderboards(db());
    startRunner();
    await waitFor(() => leaderboardJobs().length === 2);

    expect(leaderboard('today', 10).map((entry) => entry.title)).toEqual(['Fresh rig']);
    expect(
      leaderboard('month', 10)
        .map((entry) => entry.title)
        .sort(),
    ).toEqual(['Fresh rig', 'Old rig']);
    expect(leaderboard('all-time', 10)).toHaveLength(2);
    const [done, next] = leaderboardJobs();
    expect(done?.status).toBe('done');
    expect(next?.status).toBe('queued');
    expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(LEADERBOARD_EVERY_MS - 5000);
  });

  it('gives the makers of the ranked builds "Top 10", once', async () => {
    ratedBuild('Podium rig', new Date(Date.now() - 3600_000));
    scheduleLeaderboards(db());
    startRunner();
    await waitFor(() => leaderboardJobs().length === 2);
    const maker = db().select({ id: users.id }).from(users).where(eq(users.username, 'maker_Podiumrig')).get()!;
    const earned = findProgression(maker.id)!.achievements.filter((achievement) => achievement.earnedAt);
    expect(earned.map((achievement) => achievement.code)).toEqual(['leaderboard-top-10']);
  });

  it('comes back within seconds when a rating arrived while it ranked', async () => {
    // Given after the job started: its own request for a ranking found this one running.
    ratedBuild('Late rig', new Date(Date.now() + 60_000));
    scheduleLeaderboards(db());
    startRunner();
    await waitFor(() => leaderboardJobs().length === 2);

    const next = leaderboardJobs()[1]!;
    expect(next.status).toBe('queued');
    expect(next.runAt.getTime() - Date.now()).toBeLessThanOrEqual(LEADERBOARD_RATING_DELAY_MS);
  });
});
