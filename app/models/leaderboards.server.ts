import { sql } from 'drizzle-orm';
import { db, memoizedRead } from '~/services/db.server';

export const LEADERBOARD_PERIODS = ['today', 'week', 'month', 'all-time'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** Rolling windows: the last 24 hours, 7 days, 30 days, or everything. */
const WINDOW_MS: Record<LeaderboardPeriod, number | null> = {
  today: 24 * 3600_000,
  week: 7 * 24 * 3600_000,
  month: 30 * 24 * 3600_000,
  'all-time': null,
};

/**
 * Votes a build "borrows" at the prior C: the m of the Bayesian average
 * (v·R + m·C) / (v + m), so one 5-star vote cannot beat a hundred 4.8s.
 */
export const BAYESIAN_PRIOR_VOTES = 5;

/**
 * C is the window's mean rating, tempered by this many votes at the middle of
 * the scale (3 stars). Without it, a window holding one much-rated build would
 * have that build's own average as C, and any lone 5-star vote would beat it.
 */
export const PRIOR_MIDPOINT_VOTES = 10;
const SCALE_MIDPOINT = 3;

export function parsePeriod(value: string | undefined): LeaderboardPeriod {
  return (LEADERBOARD_PERIODS as readonly string[]).includes(value ?? '') ? (value as LeaderboardPeriod) : 'today';
}

export type LeaderboardEntry = {
  rank: number;
  buildId: number;
  title: string;
  username: string;
  /** Sum of the stars given inside the window. */
  points: number;
  votes: number;
  average: number;
  score: number;
};

/**
 * The best builds of a period, ranked by a Bayesian average of the ratings given
 * inside the window. Aggregating every rating of the window is the heaviest read
 * of the site, so a result is reused until a rating (or anything) changes, or for
 * the rest of the minute it was computed in, while the window's edge moves on.
 */
export function leaderboard(period: LeaderboardPeriod, limit: number, now = Date.now()): LeaderboardEntry[] {
  return memoizedRead(`leaderboard:${period}:${limit}`, String(Math.floor(now / 60_000)), () => rankBuilds(period, limit, now));
}

function rankBuilds(period: LeaderboardPeriod, limit: number, now: number): LeaderboardEntry[] {
  const windowMs = WINDOW_MS[period];
  const since = windowMs === null ? 0 : now - windowMs;
  const rows = db().all<Omit<LeaderboardEntry, 'rank'>>(sql`
    with windowed as (
      select build_id, count(*) as votes, sum(rating) as points
      from ratings
      where updated_at >= ${since}
      group by build_id
    ),
    prior as (
      select (coalesce(sum(points), 0) + ${PRIOR_MIDPOINT_VOTES * SCALE_MIDPOINT}) * 1.0
        / (coalesce(sum(votes), 0) + ${PRIOR_MIDPOINT_VOTES}) as mean
      from windowed
    )
    select b.id as buildId, b.title as title, u.username as username,
      w.points as points, w.votes as votes, w.points * 1.0 / w.votes as average,
      (w.points + ${BAYESIAN_PRIOR_VOTES} * prior.mean) / (w.votes + ${BAYESIAN_PRIOR_VOTES}) as score
    from windowed w
    join builds b on b.id = w.build_id and b.review_status = 'approved'
    join users u on u.id = b.user_id
    cross join prior
    order by score desc, w.votes desc, b.created_at desc
    limit ${limit}
  `);
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}
