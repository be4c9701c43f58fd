import { sql } from 'drizzle-orm';
import { listedBuildSummaries, listRecentBuilds } from './builds.server';
import { rankByBayesianScore } from './leaderboards.server';
import type { BuildSummary } from '~/domain/builds';
import { db } from '~/services/db.server';
import { DAY_MS } from '~/utils/dates';

/** Builds uploaded this recently may be featured: the home page shows what is new and good, not the all-time board. */
export const FEATURED_WINDOW_MS = 30 * DAY_MS;
/** A build needs this many ratings to be featured: one friend's 5 stars is not the community's verdict. */
export const FEATURED_MIN_RATINGS = 3;

/**
 * The home page's "Featured Roasts": the best builds of the last 30 days with at
 * least FEATURED_MIN_RATINGS ratings, by the leaderboards' Bayesian score (ties:
 * more votes, then the newer build); slots left over take the newest builds, so a
 * young site still features something.
 */
export function featuredBuilds(count: number, now = Date.now()): BuildSummary[] {
  const rated = sql`(
    select id, created_at, rating_count as votes, total_rating as points from builds
    where review_status = 'approved' and created_at >= ${now - FEATURED_WINDOW_MS} and rating_count >= ${FEATURED_MIN_RATINGS}
  )`;
  const best = listedBuildSummaries(
    rankByBayesianScore(db(), rated, sql`created_at desc, id desc`, count).map((standing) => standing.buildId),
  );
  const chosen = new Set(best.map((build) => build.id));
  const newest = listRecentBuilds(count + best.length).filter((build) => !chosen.has(build.id));
  return [...best, ...newest].slice(0, count);
}
