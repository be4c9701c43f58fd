import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { builds, competitionEntries, users } from '../../db/schema';
import { rankByBayesianScore, type Standing } from './leaderboards.server';
import { type Db, db } from '~/services/db.server';

/** The competition's window: ratings whose time falls in [startDate, endDate) count. */
export type CompetitionWindow = { id: number; startDate: Date; endDate: Date };

/**
 * Each entry whose build is listed, with the votes and stars its build got during
 * the competition. A rating counts at its `updated_at`, as on the leaderboards: a
 * member who changes a rating gives their current opinion at that moment, so a
 * vote changed during the competition counts and one last changed before or after
 * it does not. Entries with no votes score C but rank after every voted entry.
 */
function entriesWithVotes(competition: CompetitionWindow) {
  return sql`materialized (
    select e.build_id as id, e.created_at as entered_at, e.id as entry_id,
      count(r.id) as votes, coalesce(sum(r.rating), 0) as points
    from competition_entries e
    join builds b on b.id = e.build_id and b.review_status = 'approved'
    left join ratings r on r.build_id = e.build_id
      and r.updated_at >= ${competition.startDate.getTime()} and r.updated_at < ${competition.endDate.getTime()}
    where e.competition_id = ${competition.id}
    group by e.id
  )`;
}

/**
 * The entries in order of their standing: the leaderboards' Bayesian score over
 * the ratings given during the competition, entries without a vote last. Equal
 * scores: more votes, then the earlier entry.
 */
export function rankEntries(reader: Pick<Db, 'all'>, competition: CompetitionWindow): Standing[] {
  return rankByBayesianScore(reader, entriesWithVotes(competition), sql`entered_at asc, entry_id asc`);
}

export type CompetitionStanding = {
  rank: number;
  buildId: number;
  userId: number;
  title: string;
  username: string;
  /** The maker's level, for the badge beside their name. */
  userLevel: number;
  imageId: number;
  averageRating: number;
  ratingCount: number;
  /** During the competition. */
  votes: number;
  points: number;
  /** Once closed: the place it won (1 = first); null for an entry left out (its build was not listed then). */
  placement: number | null;
};

function entryDetails(competitionId: number, buildIds: number[]) {
  if (buildIds.length === 0) return new Map<number, Omit<CompetitionStanding, 'rank' | 'votes' | 'points'>>();
  const rows = db()
    .select({
      buildId: competitionEntries.buildId,
      userId: competitionEntries.userId,
      placement: competitionEntries.placement,
      title: builds.title,
      username: users.username,
      userLevel: users.level,
      imageId: builds.imageId,
      averageRating: builds.averageRating,
      ratingCount: builds.ratingCount,
    })
    .from(competitionEntries)
    .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
    .innerJoin(users, eq(users.id, competitionEntries.userId))
    .where(and(eq(competitionEntries.competitionId, competitionId), inArray(competitionEntries.buildId, buildIds)))
    .all();
  return new Map(rows.map((row) => [row.buildId, row]));
}

/**
 * The standings a page shows: while the competition runs, ranked from its ratings
 * (a build that stops being listed drops out); once closed, in the order of the
 * placements written when it closed, which never change.
 */
export function competitionStandings(competition: CompetitionWindow & { closedAt: Date | null }): CompetitionStanding[] {
  const live = rankEntries(db(), competition);
  const votes = new Map(live.map((standing) => [standing.buildId, standing]));
  const order = competition.closedAt
    ? db()
        .select({ buildId: competitionEntries.buildId })
        .from(competitionEntries)
        .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
        .where(
          and(
            eq(competitionEntries.competitionId, competition.id),
            isNotNull(competitionEntries.placement),
            eq(builds.reviewStatus, 'approved'),
          ),
        )
        .orderBy(asc(competitionEntries.placement))
        .all()
        .map((row) => row.buildId)
    : live.map((standing) => standing.buildId);
  const details = entryDetails(competition.id, order);
  return order.flatMap((buildId, index) => {
    const detail = details.get(buildId);
    if (!detail) return [];
    const standing = votes.get(buildId);
    return [{ ...detail, rank: detail.placement ?? index + 1, votes: standing?.votes ?? 0, points: standing?.points ?? 0 }];
  });
}
