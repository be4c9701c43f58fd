import { type SQL, sql } from 'drizzle-orm';
import { db } from '~/services/db.server';
import { bayesianPrior, bayesianScore } from './leaderboards.server';
import { searchMatch } from './search-match.server';
import { perDataVersion } from './version-cache.server';
import type { BuildSummary, ReviewStatus } from '~/domain/builds';
import { trendingHeats } from './trending.server';
import { competitionInContest } from './competitions.server';
import { defaultGallerySort, type GalleryFilters, type GallerySort, RATED_SORTS } from '~/domain/gallery';

/** How much a word found in each column of builds_search weighs in a search's ranking (bm25). */
const COLUMN_WEIGHTS = { title: 10, description: 2, parts: 6, tags: 4 };

type Row = Omit<BuildSummary, 'createdAt'> & { createdAt: number };

/**
 * How deep into an order one ranking of the candidates reaches. The page after a
 * build within it (pages 2 to 16 of 12) is cut from that ranking, at a first page's
 * cost; a deeper page ranks again from build `after`'s key, which costs a search
 * for that one build more.
 */
const RANKED_AHEAD = 200;

/**
 * The gallery's filters as it applies them. While the competition it is filtered by
 * runs (contest mode, decision 019), nothing orders that competition's entries by the
 * ratings that decide it, for anyone, staff included: top rated and trending read as the
 * default order (newest; best match for a search). `contest` names that competition,
 * for the page to say so.
 */
export function appliedGalleryFilters<Filters extends GalleryFilters>(
  filters: Filters,
  now = Date.now(),
): { filters: Filters; contest: { id: number; title: string } | null } {
  const contest = filters.competition ? competitionInContest(filters.competition, new Date(now)) : null;
  const sort = contest && RATED_SORTS.has(filters.sort) ? defaultGallerySort(filters.q) : filters.sort;
  return { filters: { ...filters, sort }, contest };
}

/**
 * The listed builds that match `filters` (as appliedGalleryFilters applies them), in
 * their order, `limit` at a time: the first ones, or those that come after build
 * `after` (keyset paging: uploads made in between shift nothing). Every order ends on
 * the newest build, then the id, so it is total and a page never repeats or skips a build.
 */
export function galleryBuilds(
  { after = 0, limit, ...filters }: GalleryFilters & { after?: number; limit: number },
  now = Date.now(),
): BuildSummary[] {
  const listed = gallerySelection(filters, now);
  if (!listed) return [];
  const { order, candidates } = listed;
  const ranked = (count: number, from?: number) =>
    db()
      .all<{ id: number }>(
        sql`
          with ${order.with ?? sql``} candidates as not materialized (${candidates()}),
          ${from ? sql`anchor as (${candidates([sql`${order.filteredId} = ${from}`])}),` : sql``}
          page as (
            select id, k, created, tie from candidates
            ${from ? sql`where (k, created, tie) < (select k, created, tie from anchor)` : sql``}
            order by k desc, created desc, tie desc
            limit ${count}
          )
          select id from page order by k desc, created desc, tie desc`,
      )
      .map((row) => row.id);
  if (after === 0) return summaries(ranked(limit));
  const ahead = ranked(RANKED_AHEAD);
  const at = ahead.indexOf(after);
  const holdsAll = ahead.length < RANKED_AHEAD;
  if (at >= 0 && (holdsAll || at + limit < ahead.length)) return summaries(ahead.slice(at + 1, at + 1 + limit));
  // A build that is no candidate (any more) has no page after it.
  return holdsAll ? [] : summaries(ranked(limit, after));
}

/**
 * Whether build `id` is one of the builds `filters` list: a page after it is the rest
 * of that order (empty after its last build); after any other id there is nothing.
 */
export function inGallery(filters: GalleryFilters, id: number, now = Date.now()): boolean {
  const listed = gallerySelection(filters, now);
  if (!listed) return false;
  const { order, candidates } = listed;
  return (
    db().get(sql`with ${order.with ?? sql``} build as (${candidates([sql`${order.filteredId} = ${id}`])}) select 1 from build`) !==
    undefined
  );
}

/**
 * The order `filters` ask for (as appliedGalleryFilters applies them) and its candidates'
 * keys, as a select to narrow further; null for a search with no word to look for, which lists nothing.
 */
function gallerySelection(asked: GalleryFilters, now: number) {
  const { q, sort, tag, competition } = appliedGalleryFilters(asked, now).filters;
  const match = q ? searchMatch(q) : null;
  if (q && !match) return null;
  const order = ordered(sort, match, now);
  const where: SQL[] = [order.where];
  if (match && sort !== 'relevance') where.push(sql`b.id in (select rowid from builds_search where builds_search match ${match})`);
  if (tag) where.push(sql`${order.filteredId} in (select build_id from build_tags where tag = ${tag})`);
  if (competition) where.push(sql`${order.filteredId} in (select build_id from competition_entries where competition_id = ${competition})`);
  // The page is chosen from the candidates' keys alone; only its rows are read in full. The
  // pick is a subquery of its own: so SQLite reads the trending order from its index (as
  // the outer select, it sorted every build).
  const candidates = (extra: SQL[] = []) => sql`
    select ${order.id} as id, ${order.key} as k, ${order.created} as created, ${order.id} as tie
    from ${order.from}
    where ${sql.join([...where, ...extra], sql` and `)}`;
  return { order, candidates };
}

/** The builds `ids` as cards show them, in that order. */
function summaries(ids: number[]): BuildSummary[] {
  if (ids.length === 0) return [];
  const rows = db().all<Row>(sql`
    select b.id, b.title, b.image_id as imageId, b.photo_alt as photoAlt, u.username, u.level as userLevel, b.roast,
      b.total_rating as totalRating, b.average_rating as averageRating, b.rating_count as ratingCount,
      b.comment_count as commentCount, b.created_at as createdAt, b.review_status as reviewStatus
    from builds b
    join users u on u.id = b.user_id
    where b.id in ${ids}
  `);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, reviewStatus: row.reviewStatus as ReviewStatus, createdAt: new Date(row.createdAt) }] : [];
  });
}

type Order = {
  with?: SQL;
  from: SQL;
  /** The candidates: listed builds, matching when the order is the search's own. */
  where: SQL;
  /** A build's id, and its creation time (which breaks ties) as the rows read give them. */
  id: SQL;
  created: SQL;
  /** The id as a filter (tag, competition, build `after`) tests it. */
  filteredId: SQL;
  key: SQL;
};

const listedBuilds = {
  from: sql`builds b`,
  where: sql`b.review_status = 'approved'`,
  id: sql`b.id`,
  created: sql`b.created_at`,
  filteredId: sql`b.id`,
};

/**
 * The site's mean the top rated order tempers each build's stars with: the leaderboards'
 * prior over all listed builds, whatever the filters. A read of every build, so counted
 * once per data version.
 */
const sitePrior = perDataVersion(
  (_builds: 'all') =>
    db().get<{ c: number }>(
      sql`select ${bayesianPrior(sql`total_rating`, sql`rating_count`)} as c from builds where review_status = 'approved'`,
    )!.c,
  { max: 1 },
);

/** What each order ranks by (highest first), and which rows it needs. */
function ordered(sort: GallerySort, match: string | null, now: number): Order {
  switch (sort) {
    case 'newest':
      return { ...listedBuilds, key: sql`b.created_at` };
    case 'discussed':
      return { ...listedBuilds, key: sql`b.comment_count` };
    case 'top': {
      // The leaderboards' Bayesian score over all time: C is the site's mean, whatever the filters.
      return { ...listedBuilds, key: bayesianScore(sql`b.total_rating`, sql`b.rating_count`, sql`${sitePrior('all')}`) };
    }
    case 'trending': {
      const heats = trendingHeats(now);
      return { ...listedBuilds, with: heats.with, from: sql`${heats.from} b`, key: sql`b.heat` };
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
        // Tested on each match: as a rowid lookup, the index would run the whole search again for every id in
        // the list, and FTS5 ignores `rowid = ?` when the id comes bound as a JS number (a real).
        filteredId: sql`+builds_search.rowid`,
        // bm25 is lower for a better match.
        key: sql`-bm25(builds_search, ${title}, ${description}, ${parts}, ${tags})`,
      };
    }
  }
}
