import { type SQL, sql } from 'drizzle-orm';
import { ratingCounts } from './counted-ratings.server';
import { BAYESIAN_PRIOR_VOTES, bayesianPrior } from './leaderboards.server';
import type { ScoreEffect } from '~/domain/vote-integrity';
import { db } from '~/services/db.server';

/** At most this many builds per finding or discount: the page shows the effect, not every build. */
export const EFFECT_BUILDS_MAX = 20;

/**
 * What a group of accounts' ratings do to these builds: each build's votes, average and
 * all-time leaderboard score (the Bayesian score over the listed builds' prior) with
 * their ratings and without them. Everyone else's ratings count as they count now
 * (a discounted member outside the group stays out of both).
 */
export function scoreEffects(accountIds: number[], buildIds: number[]): ScoreEffect[] {
  if (buildIds.length === 0) return [];
  const group: SQL = accountIds.length === 0 ? sql`(null)` : sql`(${sql.join(accountIds, sql`, `)})`;
  const prior =
    db().get<{ prior: number }>(
      sql`select ${bayesianPrior(sql`total_rating`, sql`rating_count`)} as prior from builds where review_status = 'approved'`,
    )?.prior ?? 3;
  const rows = db().all<{
    buildId: number;
    title: string;
    owner: string;
    baseVotes: number;
    basePoints: number;
    groupVotes: number;
    groupPoints: number;
  }>(sql`
    select b.id as buildId, b.title, u.username as owner,
      count(case when r.user_id not in ${group} and ${ratingCounts(sql`r.user_id`)} then 1 end) as baseVotes,
      coalesce(sum(case when r.user_id not in ${group} and ${ratingCounts(sql`r.user_id`)} then r.rating end), 0) as basePoints,
      count(case when r.user_id in ${group} then 1 end) as groupVotes,
      coalesce(sum(case when r.user_id in ${group} then r.rating end), 0) as groupPoints
    from builds b
    join users u on u.id = b.user_id
    left join ratings r on r.build_id = b.id
    where b.id in (${sql.join(buildIds.slice(0, EFFECT_BUILDS_MAX), sql`, `)})
    group by b.id
    order by b.id
  `);
  const score = (points: number, votes: number) => ({
    votes,
    average: votes === 0 ? 0 : points / votes,
    score: (points + BAYESIAN_PRIOR_VOTES * prior) / (votes + BAYESIAN_PRIOR_VOTES),
  });
  return rows.map((row) => ({
    buildId: row.buildId,
    title: row.title,
    owner: row.owner,
    with: score(row.basePoints + row.groupPoints, row.baseVotes + row.groupVotes),
    without: score(row.basePoints, row.baseVotes),
  }));
}

/** The builds a member rated, newest rating first, for the effect of their discount. */
export function buildsRatedBy(userId: number): number[] {
  return db()
    .all<{ buildId: number }>(
      sql`select build_id as buildId from ratings where user_id = ${userId} order by updated_at desc limit ${EFFECT_BUILDS_MAX}`,
    )
    .map((row) => row.buildId);
}
