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
  imageId: number;
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

/**
 * The listed builds with votes in the window: id, created_at, votes and points.
 * A window sums its ratings through ratings_window_idx (named, because without
 * statistics SQLite prefers walking every rating in build order to skip the
 * grouping sort), then finds each build by its key; the few thousand sums are
 * kept for the two passes below. All time needs no sum: every rating counts, and
 * a build's own totals are kept in step with its ratings, so both passes read
 * builds_rank_idx instead of storing a row per rated build.
 */
function listedInWindow(windowMs: number | null, now: number) {
  if (windowMs === null) {
    return sql`not materialized (
      select id, created_at, rating_count as votes, total_rating as points
      from builds where review_status = 'approved' and rating_count > 0
    )`;
  }
  return sql`materialized (
    select b.id, b.created_at, w.votes, w.points
    from (
      select build_id, count(*) as votes, sum(rating) as points
      from ratings indexed by ratings_window_idx
      where updated_at >= ${now - windowMs}
      group by build_id
    ) w
    cross join builds b on b.id = w.build_id
    where b.review_status = 'approved'
  )`;
}

/** The ranking itself, un-memoised (the benchmark times it). */
export function rankBuilds(period: LeaderboardPeriod, limit: number, now: number): LeaderboardEntry[] {
  // C is the mean of the votes the listed builds got in the window. Rows stay
  // narrow until the ranking is cut to `limit`; only then are titles and names read.
  const rows = db().all<Omit<LeaderboardEntry, 'rank'>>(sql`
    with listed as ${listedInWindow(WINDOW_MS[period], now)},
    ranked as (
      select id, created_at, votes, points,
        (points + ${BAYESIAN_PRIOR_VOTES} * (
          select (sum(points) + ${PRIOR_MIDPOINT_VOTES * SCALE_MIDPOINT}) * 1.0 / (sum(votes) + ${PRIOR_MIDPOINT_VOTES}) from listed
        )) / (votes + ${BAYESIAN_PRIOR_VOTES}) as score
      from listed
      order by score desc, votes desc, created_at desc, id desc
      limit ${limit}
    )
    select r.id as buildId, b.title as title, u.username as username, b.image_id as imageId,
      r.points as points, r.votes as votes, r.points * 1.0 / r.votes as average, r.score as score
    from ranked r cross join builds b on b.id = r.id cross join users u on u.id = b.user_id
    order by r.score desc, r.votes desc, r.created_at desc, r.id desc
  `);
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}
