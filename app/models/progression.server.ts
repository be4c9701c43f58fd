import { and, asc, count, eq, inArray, lt, notInArray, sql, sum } from 'drizzle-orm';
import { achievementTypes, builds, experienceAwards, ratings, userAchievements, users } from '../../db/schema';
import { type AchievementCode, LEVEL_ACHIEVEMENTS } from '~/domain/achievements';
import {
  currentStreak,
  EXPERIENCE,
  type ExperienceKind,
  levelFor,
  levelProgress,
  nextStreak,
  PLACEMENT_POINTS,
  utcDay,
} from '~/domain/progression';
import { db, type Writer } from '~/services/db.server';
import { ratingCounts } from './counted-ratings.server';
import { notifyAchievement } from './notifications.server';
import type { AchievementView, Progression } from '~/domain/progression';

// Experience, levels, reputation, streaks and achievements (decision 011). Every
// `record…` function runs inside the transaction of the action it counts, so a
// member's progress is written with the action or not at all.

const STREAK_ACHIEVEMENT_DAYS = 7;

/**
 * Gives a member experience for one action, once per (kind, subject): the row's
 * key refuses a second award for the same build, rating or comment, so replays
 * and races earn nothing. The day's total per kind is capped; past the cap the
 * action is still recorded, with 0 points. Answers the points given.
 */
export function awardExperience(tx: Writer, userId: number, kind: ExperienceKind, subjectId: number, now: Date, points?: number): number {
  const day = utcDay(now);
  const rule = EXPERIENCE[kind];
  const today =
    tx
      .select({ total: sum(experienceAwards.points).mapWith(Number) })
      .from(experienceAwards)
      .where(and(eq(experienceAwards.userId, userId), eq(experienceAwards.kind, kind), eq(experienceAwards.day, day)))
      .get()?.total ?? 0;
  const given = Math.max(0, Math.min(points ?? rule.points, rule.dailyCap - today));
  const inserted = tx.insert(experienceAwards).values({ userId, kind, subjectId, day, points: given }).onConflictDoNothing().run().changes;
  if (inserted === 0 || given === 0) return 0;
  const member = tx
    .update(users)
    .set({ experience: sql`${users.experience} + ${given}` })
    .where(eq(users.id, userId))
    .returning({ experience: users.experience, level: users.level })
    .get();
  if (!member) return 0;
  const level = levelFor(member.experience);
  if (level !== member.level) {
    tx.update(users).set({ level }).where(eq(users.id, userId)).run();
    for (const [reached, code] of LEVEL_ACHIEVEMENTS) if (level >= reached) awardAchievement(tx, userId, code, now);
  }
  return given;
}

/**
 * Gives a member an achievement unless they have it: the (member, type) key makes
 * it once, whatever runs at the same time, and only the award that inserted the row
 * adds the achievement's experience and tells the member. Answers whether it was new.
 */
export function awardAchievement(tx: Writer, userId: number, code: AchievementCode, now: Date): boolean {
  const type = tx.select({ id: achievementTypes.id }).from(achievementTypes).where(eq(achievementTypes.code, code)).get();
  if (!type) throw new Error(`Unknown achievement ${code}: is its migration applied?`);
  const inserted = tx
    .insert(userAchievements)
    .values({ userId, achievementTypeId: type.id, earnedAt: now })
    .onConflictDoNothing()
    .run().changes;
  if (inserted === 0) return false;
  awardExperience(tx, userId, 'achievement', type.id, now);
  notifyAchievement(tx, userId, code, now);
  return true;
}

/** Counts a member's action towards their daily streak (consecutive UTC days), and the 7-day achievement. */
export function touchStreak(tx: Writer, userId: number, now: Date): void {
  const member = tx.select({ streak: users.streak, streakDay: users.streakDay }).from(users).where(eq(users.id, userId)).get();
  if (!member) return;
  const today = utcDay(now);
  const streak = nextStreak(member, today);
  if (streak === member.streak && member.streakDay === today) return;
  tx.update(users).set({ streak, streakDay: today }).where(eq(users.id, userId)).run();
  if (streak >= STREAK_ACHIEVEMENT_DAYS) awardAchievement(tx, userId, 'streak-7', now);
}

/** A member uploaded a build: a counted action for their streak. */
export function recordUpload(tx: Writer, userId: number, now: Date): void {
  touchStreak(tx, userId, now);
}

/** A build is listed (screening or a moderator approved it): its owner's experience, first build and five builds. */
export function recordBuildListed(tx: Writer, buildId: number, now: Date): void {
  const build = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
  if (!build) return;
  awardExperience(tx, build.userId, 'build-listed', buildId, now);
  const listed =
    tx
      .select({ builds: count() })
      .from(builds)
      .where(and(eq(builds.userId, build.userId), eq(builds.reviewStatus, 'approved')))
      .get()?.builds ?? 0;
  if (listed >= 1) awardAchievement(tx, build.userId, 'first-build', now);
  if (listed >= 5) awardAchievement(tx, build.userId, 'five-builds', now);
}

/** A build's roast was written: its owner's first roast. */
export function recordRoast(tx: Writer, buildId: number, now: Date): void {
  const build = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
  if (build) awardAchievement(tx, build.userId, 'first-roast', now);
}

/**
 * A member rated a build. A first rating of that build earns the rater and the
 * owner experience; changing it earns nothing more. Either way the owner's
 * reputation is recounted and the rater's streak counts the day. A rating that
 * does not count (its rater is discounted) earns nobody anything, ever.
 */
export function recordRating(
  tx: Writer,
  rating: { ratingId: number; buildId: number; raterId: number; isNew: boolean; counts: boolean },
  now: Date,
): void {
  const build = tx.select({ ownerId: builds.userId }).from(builds).where(eq(builds.id, rating.buildId)).get();
  if (!build) return;
  touchStreak(tx, rating.raterId, now);
  recountReputation(tx, build.ownerId);
  if (!rating.isNew || !rating.counts) return;
  awardExperience(tx, rating.raterId, 'rating-given', rating.buildId, now);
  awardExperience(tx, build.ownerId, 'rating-received', rating.ratingId, now);
  const given = tx.select({ ratings: count() }).from(ratings).where(eq(ratings.userId, rating.raterId)).get()?.ratings ?? 0;
  if (given >= 10) awardAchievement(tx, rating.raterId, 'ratings-given-10', now);
  const received =
    tx
      .select({ ratings: count() })
      .from(ratings)
      .innerJoin(builds, eq(builds.id, ratings.buildId))
      .where(and(eq(builds.userId, build.ownerId), ratingCounts(ratings.userId)))
      .get()?.ratings ?? 0;
  if (received >= 10) awardAchievement(tx, build.ownerId, 'ratings-received-10', now);
}

/**
 * Reputation is what the member's builds are rated: each rating that counts adds
 * its stars less 2 (1 star −1, 3 stars +1, 5 stars +3), never below 0. Recounted
 * from the ratings, so a changed or discounted rating changes it exactly.
 */
export function recountReputation(tx: Writer, userId: number | number[]): void {
  const userIds = Array.isArray(userId) ? userId : [userId];
  if (userIds.length === 0) return;
  tx.update(users)
    .set({
      reputation: sql`max(0, coalesce((select sum(${ratings.rating} - 2) from ${ratings} inner join ${builds} on ${builds.id} = ${ratings.buildId} where ${builds.userId} = ${users.id} and ${ratingCounts(ratings.userId)}), 0))`,
    })
    .where(inArray(users.id, userIds))
    .run();
}

/** A member commented: their streak; on another member's build, experience and their first comment. */
export function recordComment(tx: Writer, comment: { commentId: number; buildId: number; authorId: number }, now: Date): void {
  touchStreak(tx, comment.authorId, now);
  const build = tx.select({ ownerId: builds.userId }).from(builds).where(eq(builds.id, comment.buildId)).get();
  if (!build || build.ownerId === comment.authorId) return;
  awardExperience(tx, comment.authorId, 'comment-given', comment.commentId, now);
  awardAchievement(tx, comment.authorId, 'first-comment', now);
}

/** A member entered a competition (call it in the entry's transaction): experience once per competition, the entrant achievement, the streak. */
export function recordCompetitionEntry(tx: Writer, entry: { userId: number; competitionId: number }, now: Date): void {
  touchStreak(tx, entry.userId, now);
  awardExperience(tx, entry.userId, 'competition-entry', entry.competitionId, now);
  awardAchievement(tx, entry.userId, 'competition-entrant', now);
}

export type Placement = { userId: number; buildId: number; placement: number };

/** A competition closed (call it in the closing transaction): the podium's experience, podium and winner achievements. */
export function recordCompetitionPlacements(tx: Writer, competitionId: number, placements: Placement[], now: Date): void {
  for (const { userId, placement } of placements) {
    const points = PLACEMENT_POINTS[placement];
    if (points === undefined) continue;
    awardExperience(tx, userId, 'competition-placement', competitionId, now, points);
    awardAchievement(tx, userId, 'competition-podium', now);
    if (placement === 1) awardAchievement(tx, userId, 'competition-winner', now);
  }
}

/** The leaderboards were ranked: the owners of each board's ten best listed builds reach the top 10. */
export function recordLeaderboardTop(tx: Writer, topBuildIds: number[], now: Date): void {
  if (topBuildIds.length === 0) return;
  const owners = tx
    .select({ userId: builds.userId })
    .from(builds)
    .where(and(inArray(builds.id, topBuildIds), eq(builds.reviewStatus, 'approved')))
    .groupBy(builds.userId)
    .all();
  for (const { userId } of owners) awardAchievement(tx, userId, 'leaderboard-top-10', now);
}

// One row per build, rating or competition: these keep a subject from earning twice
// for as long as it exists, and grow only with what they count.
const KEPT_KINDS: ExperienceKind[] = ['build-listed', 'competition-entry', 'competition-placement', 'achievement'];

/**
 * Drops the award rows of days before yesterday for kinds whose subjects are new
 * each time (a rating given counts once by itself, a comment is always new): the
 * daily caps read only today.
 */
export function pruneExperienceAwards(now = new Date()): number {
  return db()
    .delete(experienceAwards)
    .where(and(lt(experienceAwards.day, utcDay(now) - 1), notInArray(experienceAwards.kind, KEPT_KINDS)))
    .run().changes;
}

/** A member's progression as the profile and the API show it: level and the way to the next, reputation, streak, every achievement. */
export function findProgression(userId: number, now = new Date()): Progression | null {
  const member = db()
    .select({ experience: users.experience, reputation: users.reputation, streak: users.streak, streakDay: users.streakDay })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!member) return null;
  const achievements: AchievementView[] = db()
    .select({
      code: achievementTypes.code,
      name: achievementTypes.name,
      description: achievementTypes.description,
      icon: achievementTypes.iconUrl,
      category: achievementTypes.category,
      threshold: achievementTypes.threshold,
      earnedAt: userAchievements.earnedAt,
    })
    .from(achievementTypes)
    .leftJoin(userAchievements, and(eq(userAchievements.achievementTypeId, achievementTypes.id), eq(userAchievements.userId, userId)))
    .orderBy(asc(achievementTypes.id))
    .all();
  return {
    ...levelProgress(member.experience),
    reputation: member.reputation,
    streak: currentStreak(member, utcDay(now)),
    achievements,
  };
}
