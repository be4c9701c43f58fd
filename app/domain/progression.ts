// Member progression rules (decision 011): what earns experience, how much a day,
// the level curve and the daily streak. Pure, so the profile can draw them too.

/** Experience per counted action, and the most each kind may earn in one UTC day. */
export const EXPERIENCE = {
  'build-listed': { points: 50, dailyCap: 150 },
  'rating-received': { points: 5, dailyCap: 100 },
  'rating-given': { points: 2, dailyCap: 20 },
  'comment-given': { points: 3, dailyCap: 30 },
  'competition-entry': { points: 25, dailyCap: 50 },
  'competition-placement': { points: 0, dailyCap: Number.POSITIVE_INFINITY },
  achievement: { points: 25, dailyCap: Number.POSITIVE_INFINITY },
} as const;

export type ExperienceKind = keyof typeof EXPERIENCE;

/** A competition's podium, by placement: closing happens once, so these are not capped. */
export const PLACEMENT_POINTS: Record<number, number> = { 1: 200, 2: 120, 3: 80 };

const STEP = 50;

/**
 * Experience needed to reach `level`: 0 for level 1, then each level asks 50 more
 * than the one before (50, 150, 300, 500 …, 25·L·(L−1)).
 */
export function experienceForLevel(level: number): number {
  return (STEP / 2) * level * (level - 1);
}

/** The level an amount of experience reaches (1 at 0). */
export function levelFor(experience: number): number {
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + (8 * Math.max(0, experience)) / STEP)) / 2));
  // Guard the square root's rounding at exact thresholds.
  while (experienceForLevel(level + 1) <= experience) level += 1;
  while (level > 1 && experienceForLevel(level) > experience) level -= 1;
  return level;
}

/** Where a member stands: their level, and the experience that opened it and opens the next. */
export function levelProgress(experience: number) {
  const level = levelFor(experience);
  const from = experienceForLevel(level);
  const to = experienceForLevel(level + 1);
  return { level, experience, levelStartsAt: from, nextLevelAt: to, percent: Math.floor(((experience - from) / (to - from)) * 100) };
}

const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of a moment. */
export function utcDay(at: Date | number): number {
  return Math.floor(Number(at) / DAY_MS);
}

/** The streak after a counted action on `today`: the same day keeps it, the next day grows it, a gap starts again at 1. */
export function nextStreak(current: { streak: number; streakDay: number | null }, today: number): number {
  if (current.streakDay === today) return Math.max(1, current.streak);
  if (current.streakDay === today - 1) return current.streak + 1;
  return 1;
}

/** The streak as shown on `today`: still alive if the last counted action was today or yesterday, else 0. */
export function currentStreak(current: { streak: number; streakDay: number | null }, today: number): number {
  return current.streakDay !== null && current.streakDay >= today - 1 ? current.streak : 0;
}

export type AchievementView = {
  code: string;
  name: string;
  description: string;
  icon: string;
  category: string;
  threshold: number;
  earnedAt: Date | null;
};

/** A member's progression as the profile and the API show it: level and the way to the next, reputation, streak, every achievement. */
export type Progression = ReturnType<typeof levelProgress> & { reputation: number; streak: number; achievements: AchievementView[] };
