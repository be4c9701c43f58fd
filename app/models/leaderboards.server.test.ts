import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '~/queue/enqueue.server';
import { LEADERBOARD_JOB, leaderboardJob } from '~/queue/job-types';
import { db, dataVersion } from '~/services/db.server';
import { builds, jobs, leaderboardStandings, ratings } from '../../db/schema';
import {
  BAYESIAN_PRIOR_VOTES,
  LEADERBOARD_DEPTH,
  LEADERBOARD_RATING_DELAY_MS,
  leaderboard,
  parsePeriod,
  rankBuilds,
  requestLeaderboards,
  saveStandings,
} from './leaderboards.server';
import { type LeaderboardPeriod } from '~/domain/leaderboards';
import { aMember, anImage } from '#tests/support/factories';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

const createUsers = (count: number) => Array.from({ length: count }, () => aMember().id);

/** A build by a new member (or `userId`), created `createdAt` ms since the epoch. */
function createBuild(title: string, { userId = aMember().id, createdAt = NOW - 60 * DAY } = {}): number {
  return db()
    .insert(builds)
    .values({ userId, title, imageId: anImage({ width: 1600, height: 1200 }), createdAt: new Date(createdAt) })
    .returning({ id: builds.id })
    .get().id;
}

/** The build's totals, as the rating write path keeps them in step with its ratings (all time ranks by them). */
function recount(buildId: number): void {
  db()
    .update(builds)
    .set({
      totalRating: sql`(select coalesce(sum(rating), 0) from ratings where build_id = ${buildId})`,
      ratingCount: sql`(select count(*) from ratings where build_id = ${buildId})`,
    })
    .where(eq(builds.id, buildId))
    .run();
}

/** Ratings of `buildId`, one per new member, all given at `at`. */
function rate(buildId: number, stars: number[], at = NOW - HOUR): void {
  const voters = createUsers(stars.length);
  db()
    .insert(ratings)
    .values(
      stars.map((rating, index) => ({
        buildId,
        userId: voters[index]!,
        rating,
        createdAt: new Date(at),
        updatedAt: new Date(at),
      })),
    )
    .run();
  recount(buildId);
}

const repeat = (stars: number, times: number) => Array.from({ length: times }, () => stars);

/** Ranks the period at `now`, as the leaderboard job does, and reads the board as a page does. */
function rankedBoard(period: LeaderboardPeriod, limit = 10, now = NOW) {
  saveStandings(db(), period, rankBuilds(period, LEADERBOARD_DEPTH, now));
  return leaderboard(period, limit);
}

const titles = (period: LeaderboardPeriod, limit = 10) => rankedBoard(period, limit).map((entry) => entry.title);

describe('parsePeriod', () => {
  it.each(['today', 'week', 'month', 'all-time'])('keeps %s', (period) => {
    expect(parsePeriod(period)).toBe(period);
  });

  it.each([undefined, '', 'daily', 'year', 'TODAY', 'all time', 'alltime'])('falls back to today for %s', (value) => {
    expect(parsePeriod(value)).toBe('today');
  });
});

describe('leaderboard', () => {
  it('is empty when there are no ratings', () => {
    createBuild('Unrated rig');
    for (const period of ['today', 'week', 'month', 'all-time'] as const) {
      expect(rankedBoard(period, 10, NOW)).toEqual([]);
    }
  });

  it('shows the standings of the last ranking until the next one', () => {
    const build = createBuild('Steady rig');
    rate(build, [4]);
    expect(rankedBoard('week')).toMatchObject([{ votes: 1, points: 4 }]);

    rate(build, [2]);
    expect(leaderboard('week', 10)).toMatchObject([{ votes: 1, points: 4 }]);
    expect(rankedBoard('week')).toMatchObject([{ votes: 2, points: 6 }]);
  });

  it('drops a build hidden since the last ranking at once and numbers the rest from 1', () => {
    const top = createBuild('Top rig');
    rate(top, repeat(5, 10));
    rate(createBuild('Second rig'), repeat(4, 10));
    rate(createBuild('Third rig'), repeat(3, 10));
    expect(titles('today')).toEqual(['Top rig', 'Second rig', 'Third rig']);

    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, top)).run();
    expect(leaderboard('today', 10).map((entry) => [entry.rank, entry.title])).toEqual([
      [1, 'Second rig'],
      [2, 'Third rig'],
    ]);
  });

  it('forgets a deleted build with its standings', () => {
    const doomed = createBuild('Doomed rig');
    rate(doomed, [5, 5]);
    rankedBoard('all-time');

    db().delete(ratings).where(eq(ratings.buildId, doomed)).run();
    db().delete(builds).where(eq(builds.id, doomed)).run();
    expect(leaderboard('all-time', 10)).toEqual([]);
    expect(db().select().from(leaderboardStandings).all()).toEqual([]);
  });

  it('keeps up to LEADERBOARD_DEPTH builds a period, and writes nothing when a ranking changes nothing', () => {
    const build = createBuild('Only rig');
    rate(build, [5]);
    const standings = rankBuilds('month', LEADERBOARD_DEPTH, NOW);
    expect(saveStandings(db(), 'month', standings)).toBe(true);
    const version = dataVersion();
    expect(saveStandings(db(), 'month', rankBuilds('month', LEADERBOARD_DEPTH, NOW))).toBe(false);
    expect(dataVersion()).toBe(version);

    for (let index = 0; index < LEADERBOARD_DEPTH + 5; index++) rate(createBuild(`Rig ${index}`), [3]);
    expect(saveStandings(db(), 'month', rankBuilds('month', LEADERBOARD_DEPTH, NOW))).toBe(true);
    expect(db().select().from(leaderboardStandings).all()).toHaveLength(LEADERBOARD_DEPTH);
    expect(leaderboard('month', LEADERBOARD_DEPTH + 5)).toHaveLength(LEADERBOARD_DEPTH);
  });

  it.each(['held', 'rejected', 'pending'] as const)('never ranks a %s build, in any period', (status) => {
    const hidden = createBuild('Hidden rig');
    rate(hidden, repeat(5, 20));
    db().update(builds).set({ reviewStatus: status }).where(eq(builds.id, hidden)).run();
    rate(createBuild('Listed rig'), [3]);

    for (const period of ['today', 'week', 'month', 'all-time'] as const) {
      expect(titles(period)).toEqual(['Listed rig']);
    }
  });

  it('describes each build with its title, maker, photo, points, votes and average', () => {
    const maker = aMember({ username: 'NeonPhantom4821', email: 'neon@example.com' });
    const build = createBuild('Pink RGB tower', { userId: maker.id });
    rate(build, [5, 3, 4, 4]);

    const [entry, ...rest] = rankedBoard('today', 10, NOW);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      rank: 1,
      buildId: build,
      title: 'Pink RGB tower',
      username: 'NeonPhantom4821',
      imageId: db().select({ imageId: builds.imageId }).from(builds).where(eq(builds.id, build)).get()!.imageId,
      points: 16,
      votes: 4,
      average: 4,
    });
  });

  describe('ranking', () => {
    it('pulls a build with few votes towards the average of the period', () => {
      expect(BAYESIAN_PRIOR_VOTES).toBeGreaterThan(0);
      const lone = createBuild('One lucky vote');
      rate(lone, [5]);
      const proven = createBuild('Crowd favourite');
      rate(proven, [...repeat(5, 80), ...repeat(4, 20)]);
      const meh = createBuild('Beige box');
      rate(meh, repeat(2, 50));

      expect(titles('today')).toEqual(['Crowd favourite', 'One lucky vote', 'Beige box']);
    });

    // Were the prior the window's bare mean (≈4.80 here, the 100 votes dominate it), the lone 5
    // would score (5 + 5·4.80) / 6 ≈ 4.83 and beat (480 + 5·4.80) / 105 ≈ 4.80. Ten votes of
    // 3 stars in the prior bring it to ≈4.64: the lone 5 scores ≈4.70, the favourite ≈4.79.
    it('does not let a single 5-star vote outrank 100 votes averaging 4.8', () => {
      const lone = createBuild('One lucky vote');
      rate(lone, [5]);
      const proven = createBuild('Crowd favourite');
      rate(proven, [...repeat(5, 80), ...repeat(4, 20)]);

      const board = rankedBoard('today', 10, NOW);
      expect(board.find((entry) => entry.buildId === proven)).toMatchObject({ votes: 100, average: 4.8, points: 480 });
      expect(board.map((entry) => entry.title)).toEqual(['Crowd favourite', 'One lucky vote']);
    });

    it('ranks a higher average above a lower one when the votes are equal', () => {
      const low = createBuild('Low');
      rate(low, [3, 3, 3]);
      const high = createBuild('High');
      rate(high, [5, 5, 4]);
      const middle = createBuild('Middle');
      rate(middle, [4, 4, 4]);

      expect(titles('today')).toEqual(['High', 'Middle', 'Low']);
    });

    it('breaks a tie in score by the number of votes', () => {
      // Builds that average exactly the prior (3 stars when every vote is a 3) score the same.
      const few = createBuild('Few votes');
      rate(few, [3]);
      const many = createBuild('Many votes');
      rate(many, [3, 3, 3]);

      const board = rankedBoard('today', 10, NOW);
      expect(board[0]!.score).toBe(board[1]!.score);
      expect(board.map((entry) => entry.title)).toEqual(['Many votes', 'Few votes']);
    });

    it('breaks a tie in score and votes in favour of the newer build', () => {
      const older = createBuild('Older', { createdAt: NOW - 10 * DAY });
      const newer = createBuild('Newer', { createdAt: NOW - 2 * DAY });
      const oldest = createBuild('Oldest', { createdAt: NOW - 20 * DAY });
      rate(older, [4, 4]);
      rate(oldest, [4, 4]);
      rate(newer, [4, 4]);

      expect(titles('today')).toEqual(['Newer', 'Older', 'Oldest']);
    });

    it('numbers the entries 1 to n and honours the limit', () => {
      for (let index = 1; index <= 5; index++) {
        const build = createBuild(`Rig ${index}`);
        rate(build, [...repeat(5, index), ...repeat(1, 5 - index)]);
      }

      const all = rankedBoard('today', 10, NOW);
      expect(all.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5]);
      expect(all.map((entry) => entry.title)).toEqual(['Rig 5', 'Rig 4', 'Rig 3', 'Rig 2', 'Rig 1']);

      const top = rankedBoard('today', 3, NOW);
      expect(top.map((entry) => [entry.rank, entry.title])).toEqual([
        [1, 'Rig 5'],
        [2, 'Rig 4'],
        [3, 'Rig 3'],
      ]);
      expect(rankedBoard('today', 1, NOW)).toHaveLength(1);
    });
  });

  describe('rolling windows', () => {
    beforeEach(() => {
      rate(createBuild('An hour ago'), [5], NOW - HOUR);
      rate(createBuild('25 hours ago'), [5], NOW - 25 * HOUR);
      rate(createBuild('8 days ago'), [5], NOW - 8 * DAY);
      rate(createBuild('31 days ago'), [5], NOW - 31 * DAY);
    });

    const sorted = (list: string[]) => [...list].sort();

    it('today covers the last 24 hours', () => {
      expect(titles('today')).toEqual(['An hour ago']);
    });

    it('week covers the last 7 days', () => {
      expect(sorted(titles('week'))).toEqual(sorted(['An hour ago', '25 hours ago']));
    });

    it('month covers the last 30 days', () => {
      expect(sorted(titles('month'))).toEqual(sorted(['An hour ago', '25 hours ago', '8 days ago']));
    });

    it('all-time covers every rating', () => {
      expect(sorted(titles('all-time'))).toEqual(sorted(['An hour ago', '25 hours ago', '8 days ago', '31 days ago']));
    });

    it('rolls forward with the "now" it is given', () => {
      const at = (now: number) => rankedBoard('today', 10, now).map((entry) => entry.title);
      expect(at(NOW + 22 * HOUR)).toEqual(['An hour ago']);
      expect(at(NOW + 24 * HOUR)).toEqual([]);
    });
  });

  it('counts only the stars given inside the window in points, votes and average', () => {
    const build = createBuild('Mixed history');
    rate(build, [5, 5], NOW - 2 * HOUR);
    rate(build, [2], NOW - 3 * DAY);
    rate(build, [1, 1], NOW - 40 * DAY);

    const only = (period: LeaderboardPeriod) => {
      const [entry] = rankedBoard(period, 10, NOW);
      return { points: entry!.points, votes: entry!.votes, average: entry!.average };
    };
    expect(only('today')).toEqual({ points: 10, votes: 2, average: 5 });
    expect(only('week')).toEqual({ points: 12, votes: 3, average: 4 });
    expect(only('month')).toEqual({ points: 12, votes: 3, average: 4 });
    expect(only('all-time')).toEqual({ points: 14, votes: 5, average: 2.8 });
  });

  it('places a rating by when it was last changed, not when it was first given', () => {
    const voter = aMember().id;
    const rateAt = (buildId: number, rating: number, createdAt: number, updatedAt: number) =>
      db()
        .insert(ratings)
        .values({ buildId, userId: voter, rating, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) })
        .run();
    const reRated = createBuild('Re-rated');
    rateAt(reRated, 4, NOW - 40 * DAY, NOW - HOUR);
    recount(reRated);
    const ratedLongAgo = createBuild('Rated long ago');
    rateAt(ratedLongAgo, 5, NOW - 40 * DAY, NOW - 40 * DAY);
    recount(ratedLongAgo);

    expect(titles('today')).toEqual(['Re-rated']);
    expect(titles('month')).toEqual(['Re-rated']);
  });
});

describe('requestLeaderboards', () => {
  const queued = () =>
    db()
      .select({ runAt: jobs.runAt, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.key, LEADERBOARD_JOB))
      .all()
      .map((job) => ({ ...job, runAt: job.runAt.getTime() }));

  it('queues a ranking a few seconds after a rating, one for many ratings', () => {
    requestLeaderboards(db(), NOW);
    requestLeaderboards(db(), NOW + 1000);
    expect(queued()).toEqual([{ status: 'queued', runAt: NOW + LEADERBOARD_RATING_DELAY_MS }]);
  });

  it('brings the next regular ranking forward, and never puts off a sooner one', () => {
    enqueueJob(db(), leaderboardJob(new Date(NOW + MINUTE)));
    requestLeaderboards(db(), NOW);
    expect(queued()).toEqual([{ status: 'queued', runAt: NOW + LEADERBOARD_RATING_DELAY_MS }]);

    requestLeaderboards(db(), NOW + 2000);
    expect(queued()).toEqual([{ status: 'queued', runAt: NOW + LEADERBOARD_RATING_DELAY_MS }]);
  });
});
