/** The leaderboard's periods, its tabs and its URLs' `period`. */
export const LEADERBOARD_PERIODS = ['today', 'week', 'month', 'all-time'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
