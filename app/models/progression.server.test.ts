import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { experienceAwards, userAchievements, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { approveBuild } from './builds.server';
import { addComment } from './comments.server';
import {
  awardAchievement,
  awardExperience,
  findProgression,
  pruneExperienceAwards,
  recordCompetitionEntry,
  recordCompetitionPlacements,
  recordLeaderboardTop,
} from './progression.server';
import { rateBuild } from './ratings.server';
import { saveRoast, saveScreening } from './roasts.server';
import { aBuild, aCompetition, aListedBuild, aMember, anImage } from '#tests/support/factories';
import { someRoastFacts } from '#tests/support/roast-fixtures';
import { withScreeningOff } from '#tests/support/screening-off';

const DAY = 86_400_000;
const monday = new Date(Date.UTC(2026, 10, 23, 12));
const at = (days: number, hours = 0) => new Date(monday.getTime() + days * DAY + hours * 3600_000);

withScreeningOff();

const member = (id: number) =>
  db()
    .select({ experience: users.experience, level: users.level, reputation: users.reputation, streak: users.streak })
    .from(users)
    .where(eq(users.id, id))
    .get()!;
const earned = (userId: number, now = monday) =>
  findProgression(userId, now)!
    .achievements.filter((achievement) => achievement.earnedAt)
    .map((achievement) => achievement.code);

const facts = someRoastFacts({ rgb: 'lots' });

describe('experience', () => {
  it('gives a listed build 50 and its owner the first-build achievement (25 more), once however often it is approved', async () => {
    const owner = aMember().id;
    const buildId = await aListedBuild({ userId: owner, at: monday });
    expect(member(owner)).toMatchObject({ experience: 75, level: 2, streak: 1 });
    await approveBuild(buildId, at(1));
    expect(member(owner).experience).toBe(75);
    expect(earned(owner)).toEqual(['first-build']);
  });

  it('counts a build when screening passes it, not when it holds it, and its first roast', async () => {
    vi.stubEnv('SCREENING', 'auto');
    resetEnv();
    const owner = aMember().id;
    const [passed, held] = [
      await aBuild({ userId: owner, title: 'Passes', imageId: anImage() }, monday),
      await aBuild({ userId: owner, title: 'Held', imageId: anImage() }, monday),
    ];
    expect(member(owner).experience).toBe(0);
    const outcome = { reason: null, scores: null };
    db().transaction((tx) => saveScreening(tx, held!, { ...outcome, outcome: 'held' }, monday));
    expect(member(owner).experience).toBe(0);
    db().transaction((tx) => saveScreening(tx, passed!, { ...outcome, outcome: 'approved' }, monday));
    expect(member(owner).experience).toBe(50 + 25);
    db().transaction((tx) =>
      saveRoast(
        tx,
        passed!,
        { text: 'Nice RGB.', advice: [], facts, author: { provider: 'builtin', model: 'builtin' }, lines: null },
        at(0, 1),
      ),
    );
    expect(earned(owner)).toEqual(['first-build', 'first-roast']);
  });

  it('gives a first rating 2 to the rater and 5 to the owner, and nothing for changing it', async () => {
    const owner = aMember().id;
    const rater = aMember().id;
    const buildId = await aListedBuild({ userId: owner, at: monday });
    rateBuild({ buildId, userId: rater, rating: 5 }, at(0, 1));
    rateBuild({ buildId, userId: rater, rating: 4 }, at(0, 2));
    expect(member(rater).experience).toBe(2);
    expect(member(owner).experience).toBe(75 + 5);
  });

  it('caps what rating earns in one UTC day, and the cap opens again the next day', async () => {
    const rater = aMember().id;
    const buildIds: number[] = [];
    for (let index = 0; index < 12; index++) buildIds.push(await aListedBuild({ at: monday }));
    for (const buildId of buildIds.slice(0, 11)) rateBuild({ buildId, userId: rater, rating: 3 }, at(0, 1));
    // 10 ratings × 2 = the day's cap of 20, and the 10th rating earns "Critic" (25, not capped).
    expect(member(rater).experience).toBe(20 + 25);
    rateBuild({ buildId: buildIds[11]!, userId: rater, rating: 3 }, at(1, 1));
    expect(member(rater).experience).toBe(20 + 25 + 2);
  });

  it('counts a comment on another member’s build (3 and the first-comment achievement), not one on their own', async () => {
    const owner = aMember().id;
    const talker = aMember().id;
    const buildId = await aListedBuild({ userId: owner, at: monday });
    addComment({ buildId, userId: owner, content: 'My own rig' }, at(0, 1));
    expect(member(owner).experience).toBe(75);
    addComment({ buildId, userId: talker, content: 'Nice' }, at(0, 1));
    addComment({ buildId, userId: talker, content: 'Really nice' }, at(0, 2));
    expect(member(talker).experience).toBe(3 + 25 + 3);
    expect(earned(talker)).toEqual(['first-comment']);
  });

  it('raises the level with experience and gives the level achievements on the way', () => {
    const id = aMember().id;
    db().transaction((tx) => awardExperience(tx, id, 'competition-placement', 1, monday, 480));
    // Level 4 opens at 300, level 5 at 500.
    expect(member(id)).toMatchObject({ experience: 480, level: 4 });
    db().transaction((tx) => awardExperience(tx, id, 'competition-placement', 2, monday, 20));
    expect(member(id)).toMatchObject({ experience: 500 + 25, level: 5 });
    expect(earned(id)).toEqual(['level-5']);
  });
});

describe('reputation', () => {
  it('adds each rating’s stars less 2, follows a changed rating, and never goes below 0', async () => {
    const owner = aMember().id;
    const buildId = await aListedBuild({ userId: owner, at: monday });
    const [a, b] = [aMember().id, aMember().id];
    rateBuild({ buildId, userId: a, rating: 5 }, monday);
    rateBuild({ buildId, userId: b, rating: 1 }, monday);
    expect(member(owner).reputation).toBe(3 - 1);
    rateBuild({ buildId, userId: a, rating: 1 }, monday);
    expect(member(owner).reputation).toBe(0);
  });
});

describe('the streak', () => {
  it('grows across midnight UTC, keeps a day, breaks after a gap, and earns "On Fire" on the 7th day', async () => {
    const rater = aMember().id;
    const buildIds: number[] = [];
    for (let index = 0; index < 10; index++) buildIds.push(await aListedBuild({ at: monday }));
    const rate = (index: number, when: Date) => rateBuild({ buildId: buildIds[index]!, userId: rater, rating: 4 }, when);
    rate(0, new Date(Date.UTC(2026, 10, 23, 23, 59)));
    rate(1, new Date(Date.UTC(2026, 10, 24, 0, 1)));
    expect(member(rater).streak).toBe(2);
    rate(2, new Date(Date.UTC(2026, 10, 24, 18)));
    expect(member(rater).streak).toBe(2);
    rate(3, new Date(Date.UTC(2026, 10, 26, 9)));
    expect(member(rater).streak).toBe(1);
    expect(findProgression(rater, new Date(Date.UTC(2026, 10, 28)))!.streak).toBe(0);
    for (let day = 0; day < 6; day++) rate(4 + day, new Date(Date.UTC(2026, 10, 27 + day, 9)));
    expect(member(rater).streak).toBe(7);
    expect(earned(rater)).toContain('streak-7');
  });
});

describe('achievements', () => {
  it('are given once, and only the award that inserted the row adds experience', () => {
    const id = aMember().id;
    const first = db().transaction((tx) => awardAchievement(tx, id, 'first-roast', monday));
    const second = db().transaction((tx) => awardAchievement(tx, id, 'first-roast', at(1)));
    expect([first, second]).toEqual([true, false]);
    expect(member(id).experience).toBe(25);
    expect(db().select({ rows: count() }).from(userAchievements).where(eq(userAchievements.userId, id)).get()!.rows).toBe(1);
    expect(findProgression(id)!.achievements.find((achievement) => achievement.code === 'first-roast')!.earnedAt).toEqual(monday);
  });

  it('lists every achievement, locked ones without a date', () => {
    const progression = findProgression(aMember().id)!;
    expect(progression.achievements.length).toBeGreaterThanOrEqual(13);
    expect(
      progression.achievements.every((achievement) => achievement.earnedAt === null && achievement.description && achievement.icon),
    ).toBe(true);
  });

  it('reward a competition entry once per competition, and the podium and the winner when it closes', () => {
    const [winner, second, fourth] = [aMember().id, aMember().id, aMember().id];
    const competitionId = aCompetition();
    db().transaction((tx) => {
      for (const userId of [winner, second, fourth]) recordCompetitionEntry(tx, { userId, competitionId }, monday);
      recordCompetitionEntry(tx, { userId: winner, competitionId }, monday);
    });
    expect(member(fourth).experience).toBe(25 + 25);
    db().transaction((tx) =>
      recordCompetitionPlacements(
        tx,
        competitionId,
        [
          { userId: winner, buildId: 1, placement: 1 },
          { userId: second, buildId: 2, placement: 2 },
          { userId: fourth, buildId: 3, placement: 4 },
        ],
        at(7),
      ),
    );
    expect(earned(winner)).toEqual(['competition-entrant', 'competition-podium', 'competition-winner']);
    expect(earned(second)).toEqual(['competition-entrant', 'competition-podium']);
    expect(earned(fourth)).toEqual(['competition-entrant']);
    expect(member(winner).experience).toBe(50 + 200 + 25 + 25);
    expect(member(second).experience).toBe(50 + 120 + 25);
  });

  it('give the owners of a board’s top ten listed builds "Top 10"', async () => {
    const owner = aMember().id;
    const buildId = await aListedBuild({ userId: owner, at: monday });
    db().transaction((tx) => recordLeaderboardTop(tx, [buildId, buildId], monday));
    expect(earned(owner)).toEqual(['first-build', 'leaderboard-top-10']);
  });
});

describe('pruneExperienceAwards', () => {
  it('drops past days of capped kinds and keeps what must earn only once', async () => {
    const owner = aMember().id;
    const rater = aMember().id;
    const buildId = await aListedBuild({ userId: owner, at: monday });
    rateBuild({ buildId, userId: rater, rating: 4 }, monday);
    expect(pruneExperienceAwards(at(3))).toBe(2);
    const kinds = db()
      .select({ kind: experienceAwards.kind })
      .from(experienceAwards)
      .where(eq(experienceAwards.userId, owner))
      .all()
      .map((row) => row.kind);
    expect(kinds.sort()).toEqual(['achievement', 'build-listed']);
    // Changing the rating later still earns nothing: it was counted when it was new.
    rateBuild({ buildId, userId: rater, rating: 5 }, at(3));
    expect(member(rater).experience).toBe(2);
  });
});
