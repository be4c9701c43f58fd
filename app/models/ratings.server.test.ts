import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, jobs } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { LEADERBOARD_JOB } from '~/queue/job-types';
import { LEADERBOARD_RATING_DELAY_MS } from './leaderboards.server';
import { memberRating, rateBuild, RatingError } from './ratings.server';
import { isReportReason, reportItem } from './reports.server';
import { aListedBuild, aMember } from '#tests/support/factories';

let ownerId: number;
let buildId: number;
const members: number[] = [];

beforeEach(async () => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
  ownerId = aMember({ username: 'owner', email: 'owner@example.com' }).id;
  members.length = 0;
  for (let index = 0; index < 3; index++) members.push(aMember({ username: `rater${index}`, email: `rater${index}@example.com` }).id);
  buildId = await aListedBuild({ userId: ownerId, title: 'Rated rig' });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const totals = () =>
  db().select({ total: builds.totalRating, count: builds.ratingCount, average: builds.averageRating }).from(builds).get();

describe('rateBuild', () => {
  it('keeps one rating per member, changes it on re-rating, and updates the aggregates with it', () => {
    rateBuild({ buildId, userId: members[0]!, rating: 5 });
    rateBuild({ buildId, userId: members[1]!, rating: 3 });
    expect(totals()).toEqual({ total: 8, count: 2, average: 4 });
    rateBuild({ buildId, userId: members[0]!, rating: 1 });
    expect(totals()).toEqual({ total: 4, count: 2, average: 2 });
    expect(memberRating(buildId, members[0]!)).toBe(1);
    expect(memberRating(buildId, members[2]!)).toBeNull();
  });

  it('refuses the owner, out-of-range stars and unlisted builds, changing nothing', () => {
    expect(() => rateBuild({ buildId, userId: ownerId, rating: 5 })).toThrow(
      new RatingError('You cannot rate your own build', 'own_build'),
    );
    for (const rating of [0, 6, 2.5, Number.NaN]) expect(() => rateBuild({ buildId, userId: members[0]!, rating })).toThrow(RatingError);
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, buildId)).run();
    expect(() => rateBuild({ buildId, userId: members[0]!, rating: 4 })).toThrow('Build not found');
    expect(totals()).toEqual({ total: 0, count: 0, average: 0 });
    expect(db().select().from(jobs).where(eq(jobs.type, LEADERBOARD_JOB)).all()).toEqual([]);
  });

  it('asks for the leaderboards to be ranked again a few seconds later, in the same write', () => {
    const at = new Date('2026-05-01T12:00:00Z');
    rateBuild({ buildId, userId: members[0]!, rating: 4 }, at);
    expect(db().select({ key: jobs.key, runAt: jobs.runAt }).from(jobs).where(eq(jobs.type, LEADERBOARD_JOB)).all()).toEqual([
      { key: LEADERBOARD_JOB, runAt: new Date(at.getTime() + LEADERBOARD_RATING_DELAY_MS) },
    ]);
  });
});

describe('reportItem', () => {
  it('files one report per member and item, and refuses unknown items and reasons', () => {
    expect(reportItem(members[0]!, { buildId }, 'spam')).toBe('reported');
    expect(reportItem(members[0]!, { buildId }, 'nsfw')).toBe('already_reported');
    expect(reportItem(members[1]!, { buildId }, 'nsfw')).toBe('reported');
    expect(reportItem(members[0]!, { buildId: buildId + 1 }, 'spam')).toBeNull();
    expect(reportItem(members[0]!, { commentId: 99 }, 'spam')).toBeNull();
    expect(isReportReason('spam')).toBe(true);
    expect(isReportReason('toString')).toBe(false);
  });
});
