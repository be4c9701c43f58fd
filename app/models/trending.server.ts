import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { builds, trendingEpoch } from '../../db/schema';
import { ratingCounts } from './counted-ratings.server';
import type { Writer } from '~/services/db.server';
import { TRENDING_TAU_MS, TRENDING_WINDOW_MS } from '~/domain/gallery';
import { DAY_MS } from '~/utils/dates';

// Trending (decision 018): a build's heat at `now` is the sum, over its activity since
// now − TRENDING_WINDOW_MS, of e^((t − now)/τ) (a rating weighing stars/5). Each weight
// is e^((at − now)/τ) · e^((t − at)/τ): weighed against a fixed moment `at` instead,
// every build's heat is the same multiple of its heat at `now`, so the order is the
// same, and a heat once summed holds however much time passes. builds.trending_heat
// keeps that sum, of each build's activity since trending_epoch.since; the trending
// job moves `since` up to the window's start, and `at` once a year.

/** The moments stored heats count activity from (`since`) and weigh it against (`at`). */
const epoch = {
  since: sql`(select ${trendingEpoch.since} from ${trendingEpoch})`,
  at: sql`(select ${trendingEpoch.at} from ${trendingEpoch})`,
};

/**
 * A build's heat from its rows: every rating that counts given or changed at or
 * after `from` adds stars/5, every member's comment (not RoastBot's, not deleted) 1, each weighted
 * by e^((t − at)/τ). The one formula: the stored heats, the builds the gallery
 * re-scores and the job's recount all read it (the migration repeats it in SQL).
 */
function heatOf(buildId: AnyColumn | SQL, from: SQL | number, at: SQL | number): SQL {
  const weight = (time: SQL) => sql`exp((${time} - ${at}) * 1.0 / ${TRENDING_TAU_MS})`;
  return sql`(select coalesce(sum(heat), 0) from (
    select rating / 5.0 * ${weight(sql`updated_at`)} as heat
    from ratings indexed by ratings_build_user_unique
    where build_id = ${buildId} and updated_at >= ${from} and ${ratingCounts(sql`ratings.user_id`)}
    union all
    select ${weight(sql`created_at`)}
    from comments indexed by comments_build_idx
    where build_id = ${buildId} and created_at >= ${from} and deleted_at is null and is_ai = 0
  ))`;
}

/**
 * The stored heat of the build a `set` updates, recounted from its rows: builds.server.ts
 * recounts it with the other totals on every write to ratings or comments.
 */
export const storedHeat = (buildId: AnyColumn) => heatOf(buildId, epoch.since, epoch.at);

/** The builds with a rating given or changed, or a comment written, at or after `from` (and before `until`). */
function activeBetween(from: SQL | number, until?: SQL | number): SQL {
  const before = (time: SQL) => (until === undefined ? sql`` : sql`and ${time} < ${until}`);
  return sql`select build_id from ratings indexed by ratings_window_idx where updated_at >= ${from} ${before(sql`updated_at`)}
    union
    select build_id from comments indexed by comments_recent_idx where created_at >= ${from} ${before(sql`created_at`)}`;
}

/**
 * How far behind `at` may fall before the job moves it: weights stay below
 * e^((window + this)/τ) ≈ 10^81, far from where doubles overflow (10^308). Moving it
 * rewrites every heat at once (about a second at 22 000 builds with one), so rarely.
 */
const TRENDING_REBASE_AFTER_MS = 365 * DAY_MS;

/**
 * The trending job's work, in `writer`'s transaction (a reader sees every heat in one
 * epoch's units): moves `since` to the window's start at `now` and recounts the few
 * builds with activity in between (it left the window; or, the clock having gone back,
 * came into it again). Once `at` is a year old, every heat is first rescaled to the
 * window's start: one product per build, which keeps the order as it is.
 */
export function refreshTrending(writer: Writer, now: number): void {
  const since = now - TRENDING_WINDOW_MS;
  // The migration writes the one row.
  const old = writer.select({ since: trendingEpoch.since, at: trendingEpoch.at }).from(trendingEpoch).get()!;
  const at = now - old.at > TRENDING_REBASE_AFTER_MS ? since : old.at;
  if (at !== old.at)
    writer
      .update(builds)
      .set({ trendingHeat: sql`${builds.trendingHeat} * exp((${old.at} - ${at}) * 1.0 / ${TRENDING_TAU_MS})` })
      .where(sql`${builds.trendingHeat} <> 0`)
      .run();
  writer
    .update(builds)
    .set({ trendingHeat: heatOf(builds.id, since, at) })
    .where(sql`${builds.id} in (${activeBetween(Math.min(old.since, since), Math.max(old.since, since))})`)
    .run();
  writer.update(trendingEpoch).set({ since, at }).run();
}

/**
 * Counts every build's heat afresh from its rows, the epoch at the window's start at
 * `now` (as the migration did): after rows were written around the write path (the
 * benchmark's filler), and what the stored heats are checked against.
 */
export function recountTrending(writer: Writer, now: number): void {
  const since = now - TRENDING_WINDOW_MS;
  writer.update(trendingEpoch).set({ since, at: since }).run();
  writer
    .update(builds)
    .set({ trendingHeat: storedHeat(builds.id) })
    .where(sql`${builds.trendingHeat} <> 0 or ${builds.id} in (${activeBetween(since)})`)
    .run();
}

/**
 * Each build's heat at `now`, as rows (id, review_status, created_at, heat) of the
 * subquery `from` (`with` defines what it reads), in the epoch's units. A stored heat
 * is exact unless the build had activity between `since` and the window's start
 * (since the job last ran, it left the window; on a clock behind the job's, it is
 * still in it): those few builds are re-scored from their rows, so the order never
 * waits for the job.
 */
export function trendingHeats(now: number): { with: SQL; from: SQL } {
  const since = now - TRENDING_WINDOW_MS;
  return {
    with: sql`moved as materialized (${activeBetween(sql`min(${since}, ${epoch.since})`, sql`max(${since}, ${epoch.since})`)}),
      rescored as materialized (select moved.build_id, ${heatOf(sql`moved.build_id`, since, epoch.at)} as heat from moved),`,
    // Cast: the arms' heats must have one affinity for SQLite to merge the stored heats,
    // read in order from builds_trending_idx, with the few re-scored ones.
    from: sql`(
      select id, review_status, created_at, trending_heat as heat from builds where id not in (select build_id from moved)
      union all
      select b.id, b.review_status, b.created_at, cast(r.heat as real) from rescored r cross join builds b on b.id = r.build_id
    )`,
  };
}
