// The achievement codes the code awards; their names, descriptions, icons and
// thresholds are rows of `achievement_types`, seeded by a migration (decision 011).

export const ACHIEVEMENT_CODES = [
  'first-build',
  'five-builds',
  'first-roast',
  'first-comment',
  'ratings-given-10',
  'ratings-received-10',
  'streak-7',
  'leaderboard-top-10',
  'competition-entrant',
  'competition-podium',
  'competition-winner',
  'level-5',
  'level-10',
] as const;

export type AchievementCode = (typeof ACHIEVEMENT_CODES)[number];

/** The levels that earn an achievement when reached. */
export const LEVEL_ACHIEVEMENTS: readonly (readonly [number, AchievementCode])[] = [
  [5, 'level-5'],
  [10, 'level-10'],
];
