import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { builds } from '../../db/schema';
import { BAYESIAN_PRIOR_VOTES, PRIOR_MIDPOINT_VOTES, SCALE_MIDPOINT } from './leaderboards.server';
import type { BuildSort } from '~/domain/build-sorts';

/**
 * The all-time leaderboard's Bayesian score of a build, (stars + m·C) / (votes + m),
 * C being every listed rated build's mean, tempered as the boards temper it
 * (decision 007). SQLite reads the uncorrelated mean once per query.
 */
const bayesianScore = sql`(${builds.totalRating} + ${BAYESIAN_PRIOR_VOTES} * (
  select (sum(site.total_rating) + ${PRIOR_MIDPOINT_VOTES * SCALE_MIDPOINT}) * 1.0 / (sum(site.rating_count) + ${PRIOR_MIDPOINT_VOTES})
  from builds site where site.review_status = 'approved' and site.rating_count > 0
)) / (${builds.ratingCount} + ${BAYESIAN_PRIOR_VOTES})`;

const newestFirst = [desc(builds.createdAt), desc(builds.id)];

/**
 * The ORDER BY of a list of builds read in `sort` order (domain/build-sorts):
 * newest first; top rated by the all-time leaderboard's score, builds nobody rated
 * last (an unrated build is not "rated average"); most discussed by comments. Ties
 * go to more votes, then the newer build, so pages of the list never overlap.
 */
export function orderBuildsBy(sort: BuildSort): SQL[] {
  switch (sort) {
    case 'newest':
      return newestFirst;
    case 'top-rated':
      return [asc(sql`${builds.ratingCount} = 0`), desc(bayesianScore), desc(builds.ratingCount), ...newestFirst];
    case 'most-discussed':
      return [desc(builds.commentCount), ...newestFirst];
  }
}
