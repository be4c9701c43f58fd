import { type SQL, sql } from 'drizzle-orm';
import { db } from '~/services/db.server';
import { bayesianPrior, bayesianScore } from './leaderboards.server';
import { searchMatch } from './search-match.server';
import type { BuildSummary, ReviewStatus } from '~/domain/builds';
import { trendingHeats } from './trending.server';
import type { GalleryFilters, GallerySort } from '~/domain/gallery';

/** How much a word found in each column of builds_search weighs in a search's ranking (bm25). */
const COLUMN_WEIGHTS = { title: 10, description: 2, parts: 6, tags: 4 };

type Row = Omit<BuildSummary, 'createdAt'> & { createdAt: number };

/**
 * The listed builds that match `filters`, in their order, `limit` at a time: the
 * first ones, or those that come after build `after` (keyset paging: uploads made
 * in between shift nothing). Every order ends on the newest build, then the id,
 * so it is total and a page never repeats or skips a build.
 */
export function galleryBuilds(
  { q, sort, tag, competition, after = 0, limit }: GalleryFilters & { after?: number; limit: number },
  now = Date.now(),
): BuildSummary[] {
  const match = q ? searchMatch(q) : null;
  if (q && !match) return [];
  const order = ordered(sort, match, now);
  const where: SQL[] = [order.where];
  if (match && sort !== 'relevance') where.push(sql`b.id in (select rowid from builds_search where builds_search match ${match})`);
  if (tag) where.push(sql`${order.filteredId} in (select build_id from build_tags where tag = ${tag})`);
  if (competition) where.push(sql`${order.filteredId} in (select build_id from competition_entries where competition_id = ${competition})`);
  // The page is chosen from the candidates' keys alone, and only its rows are joined to
  // their builds and members. Candidates are materialized only when read twice (to find
  // the key of build `after`), and then only when their keys are computed.
  const rows = db().all<Row>(sql`
    with ${order.with ?? sql``} candidates as ${order.scored && after > 0 ? sql`materialized` : sql`not materialized`} (
      select ${order.id} as id, ${order.key} as k, ${order.created} as created, ${order.id} as tie
      from ${order.from}
      where ${sql.join(where, sql` and `)}
    ),
    page as (
      select id, k, created, tie from candidates
      where ${after > 0 ? sql`(k, created, tie) < (select k, created, tie from candidates where id = ${after})` : sql`1`}
      order by k desc, created desc, tie desc
      limit ${limit}
    )
    select b.id, b.title, b.image_id as imageId, u.username, u.level as userLevel, b.roast,
      b.total_rating as totalRating, b.average_rating as averageRating, b.rating_count as ratingCount,
      b.comment_count as commentCount, b.created_at as createdAt, b.review_status as reviewStatus
    from page c
    join builds b on b.id = c.id
    join users u on u.id = b.user_id
    order by c.k desc, c.created desc, c.tie desc
  `);
  return rows.map((row) => ({ ...row, reviewStatus: row.reviewStatus as ReviewStatus, createdAt: new Date(row.createdAt) }));
}

type Order = {
  with?: SQL;
  from: SQL;
  /** The candidates: listed builds, matching when the order is the search's own. */
  where: SQL;
  /** A build's id, and its creation time (which breaks ties) as the rows read give them. */
  id: SQL;
  created: SQL;
  /** The id as a filter (tag, competition) tests it. */
  filteredId: SQL;
  key: SQL;
  scored: boolean;
};

const listedBuilds = {
  from: sql`builds b`,
  where: sql`b.review_status = 'approved'`,
  id: sql`b.id`,
  created: sql`b.created_at`,
  filteredId: sql`b.id`,
};

/** What each order ranks by (highest first), and which rows it needs. */
function ordered(sort: GallerySort, match: string | null, now: number): Order {
  switch (sort) {
    case 'newest':
      return { ...listedBuilds, key: sql`b.created_at`, scored: false };
    case 'discussed':
      return { ...listedBuilds, key: sql`b.comment_count`, scored: false };
    case 'top': {
      // The leaderboards' Bayesian score over all time: C is the site's mean, whatever the filters.
      const prior = sql`(select ${bayesianPrior(sql`total_rating`, sql`rating_count`)} from builds where review_status = 'approved')`;
      return { ...listedBuilds, key: bayesianScore(sql`b.total_rating`, sql`b.rating_count`, prior), scored: true };
    }
    case 'trending': {
      const heats = trendingHeats(now);
      return { ...listedBuilds, with: heats.with, from: sql`${heats.from} b`, key: sql`b.heat`, scored: false };
    }
    case 'relevance': {
      if (!match) return ordered('newest', null, now);
      const { title, description, parts, tags } = COLUMN_WEIGHTS;
      // The index holds listed builds only, so the ranking reads nothing else; ids
      // grow with time, so the higher of two equal matches is the newer build.
      return {
        from: sql`builds_search`,
        where: sql`builds_search match ${match}`,
        id: sql`builds_search.rowid`,
        created: sql`builds_search.rowid`,
        // Tested on each match: as a rowid lookup, the index would run the whole search again for every id in the list.
        filteredId: sql`+builds_search.rowid`,
        // bm25 is lower for a better match.
        key: sql`-bm25(builds_search, ${title}, ${description}, ${parts}, ${tags})`,
        scored: true,
      };
    }
  }
}
