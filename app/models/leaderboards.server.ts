import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { builds, leaderboardStandings, users } from '../../db/schema';
import { ratingCounts } from './counted-ratings.server';
import { leaderboardJob } from '~/queue/job-types';
import { enqueueOrExpedite } from '~/queue/enqueue.server';
import { type Db, db, type Writer } from '~/services/db.server';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '~/domain/leaderboards';
import { DAY_MS } from '~/utils/dates';

/** Rolling windows: the last 24 hours, 7 days, 30 days, or everything. */
const WINDOW_MS: Record<LeaderboardPeriod, number | null> = {
  today: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
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
export const SCALE_MIDPOINT = 3;

export function parsePeriod(value: string | undefined): LeaderboardPeriod {
  return (LEADERBOARD_PERIODS as readonly string[]).includes(value ?? '') ? (value as LeaderboardPeriod) : 'today';
}

/** A build at its place in a ranking, as every ranking's rows show it (the star leaderboards, the battle rankings). */
export type RankedBuild = {
  rank: number;
  buildId: number;
  title: string;
  username: string;
  imageId: number;
  photoAlt: string | null;
};

export type LeaderboardEntry = RankedBuild & {
  /** Sum of the stars given inside the window. */
  points: number;
  votes: number;
  average: number;
  score: number;
};

/** A build's place in a period, as ranked: its window's votes, their stars and its score. */
export type Standing = { buildId: number; votes: number; points: number; score: number };

/**
 * How many builds each period keeps ranked. Pages show ten; builds hidden since
 * the last ranking are skipped when read, and the API may ask for more.
 */
export const LEADERBOARD_DEPTH = 100;

/** Windows roll, so boards are ranked again this often even when nobody votes. */
export const LEADERBOARD_EVERY_MS = 60_000;
/**
 * A rating brings the next ranking forward to this long after it. Votes that
 * arrive together share one ranking, so a busy site ranks at most this often.
 */
export const LEADERBOARD_RATING_DELAY_MS = 3_000;

/**
 * The best builds of a period, as last ranked (see `refreshLeaderboards`): a
 * read of a few rows, whatever the number of ratings. Builds hidden since then
 * are skipped here, so a held build leaves the board at once.
 */
export function leaderboard(period: LeaderboardPeriod, limit: number): LeaderboardEntry[] {
  const rows = db()
    .select({
      buildId: leaderboardStandings.buildId,
      title: builds.title,
      username: users.username,
      imageId: builds.imageId,
      photoAlt: builds.photoAlt,
      points: leaderboardStandings.points,
      votes: leaderboardStandings.votes,
      score: leaderboardStandings.score,
    })
    .from(leaderboardStandings)
    .innerJoin(builds, eq(builds.id, leaderboardStandings.buildId))
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(eq(leaderboardStandings.period, period), eq(builds.reviewStatus, 'approved')))
    .orderBy(asc(leaderboardStandings.position))
    .limit(limit)
    .all();
  return rows.map((row, index) => ({ ...row, rank: index + 1, average: row.points / row.votes }));
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
      where updated_at >= ${now - windowMs} and ${ratingCounts(sql`ratings.user_id`)}
      group by build_id
    ) w
    cross join builds b on b.id = w.build_id
    where b.review_status = 'approved'
  )`;
}

/**
 * Ranks a period from its ratings: the heavy part (tens of milliseconds at a
 * million ratings), run by the leaderboard job, never by a page. Equal scores:
 * more votes, then the newer build.
 */
export function rankBuilds(period: LeaderboardPeriod, limit: number, now: number, reader: Pick<Db, 'all'> = db()): Standing[] {
  return rankByBayesianScore(reader, listedInWindow(WINDOW_MS[period], now), sql`created_at desc, id desc`, limit);
}

/** Every period's board as of `now`, LEADERBOARD_DEPTH deep: what the leaderboard job stores. */
export function rankEveryPeriod(now: number, reader: Pick<Db, 'all'> = db()): [LeaderboardPeriod, Standing[]][] {
  return LEADERBOARD_PERIODS.map((period) => [period, rankBuilds(period, LEADERBOARD_DEPTH, now, reader)]);
}

/**
 * The Bayesian order shared by the leaderboards and the competitions: each row of
 * `rows` (a subquery with `id` (the build), `votes` and `points`) scored as
 * (points + m·C) / (votes + m), C being the rows' own mean tempered by votes at
 * the middle of the scale (decision 007). Rows without a vote come last whatever
 * their score: they stand at C, above any build whose few votes are below it, but
 * nobody has judged them yet. Equal scores: more votes, then `tieBreak`.
 */
export function rankByBayesianScore(reader: Pick<Db, 'all'>, rows: SQL, tieBreak: SQL, limit = -1): Standing[] {
  const points = sql`points`;
  const votes = sql`votes`;
  return reader.all<Standing>(sql`
    with listed as ${rows}
    select id as buildId, votes, points,
      ${bayesianScore(points, votes, sql`(select ${bayesianPrior(points, votes)} from listed)`)} as score
    from listed
    order by votes > 0 desc, score desc, votes desc, ${tieBreak}
    limit ${limit}
  `);
}

/**
 * C, the prior of the Bayesian score: the mean of the stars (`points`, summed over
 * the rows of an aggregate) per vote, tempered by votes at the middle of the scale.
 */
export function bayesianPrior(points: SQL, votes: SQL): SQL {
  return sql`(sum(${points}) + ${PRIOR_MIDPOINT_VOTES * SCALE_MIDPOINT}) * 1.0 / (sum(${votes}) + ${PRIOR_MIDPOINT_VOTES})`;
}

/** The Bayesian score (points + m·C) / (votes + m) of one row, C being `prior` (see bayesianPrior). */
export function bayesianScore(points: SQL, votes: SQL, prior: SQL): SQL {
  return sql`(${points} + ${BAYESIAN_PRIOR_VOTES} * ${prior}) / (${votes} + ${BAYESIAN_PRIOR_VOTES})`;
}

/**
 * Keeps a period's new standings, unless they are the stored ones: a board that
 * did not change writes nothing, so the page cache (keyed on the data) stays warm.
 * Returns whether it wrote.
 */
export function saveStandings(writer: Writer, period: LeaderboardPeriod, standings: Standing[]): boolean {
  const stored = writer
    .select({
      buildId: leaderboardStandings.buildId,
      votes: leaderboardStandings.votes,
      points: leaderboardStandings.points,
      score: leaderboardStandings.score,
    })
    .from(leaderboardStandings)
    .where(eq(leaderboardStandings.period, period))
    .orderBy(asc(leaderboardStandings.position))
    .all();
  const same =
    stored.length === standings.length &&
    stored.every((row, index) => {
      const next = standings[index]!;
      return row.buildId === next.buildId && row.votes === next.votes && row.points === next.points && row.score === next.score;
    });
  if (same) return false;
  writer.delete(leaderboardStandings).where(eq(leaderboardStandings.period, period)).run();
  if (standings.length > 0) {
    writer
      .insert(leaderboardStandings)
      .values(standings.map((standing, index) => ({ ...standing, period, position: index + 1 })))
      .run();
  }
  return true;
}

/**
 * Asks for the boards to be ranked again soon, in the transaction that changed a
 * rating. A ranking running right now may have missed it: that job looks for
 * ratings newer than its start before it schedules the next one.
 */
export function requestLeaderboards(writer: Writer, now = Date.now()): void {
  enqueueOrExpedite(writer, leaderboardJob(new Date(now + LEADERBOARD_RATING_DELAY_MS)), new Date(now));
}
