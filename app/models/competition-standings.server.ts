import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { builds, competitionEntries, users } from '../../db/schema';
import { listed } from './builds.server';
import { ratingCounts } from './counted-ratings.server';
import { rankByBayesianScore, type Standing } from './leaderboards.server';
import { type Db, db } from '~/services/db.server';
import type { UnplacedEntry } from '~/domain/competitions';

/** The competition's window: ratings whose time falls in [startDate, endDate) count. */
export type CompetitionWindow = { id: number; startDate: Date; endDate: Date };

/**
 * Each entry whose build is listed, with the votes and stars its build got during
 * the competition, from the community (`jury` false: every member but the
 * competition's jurors) or from its jurors alone. A rating counts at its
 * `updated_at`, as on the leaderboards: a member who changes a rating gives their
 * current opinion at that moment, so a vote changed during the competition counts
 * and one last changed before or after it does not.
 */
function entriesWithVotes(competition: CompetitionWindow, jury: boolean) {
  const jurors = sql`select j.user_id from competition_jurors j where j.competition_id = ${competition.id}`;
  return sql`materialized (
    select e.build_id as id, e.created_at as entered_at, e.id as entry_id,
      count(r.id) as votes, coalesce(sum(r.rating), 0) as points
    from competition_entries e
    join builds b on b.id = e.build_id and b.review_status = 'approved'
    left join ratings r on r.build_id = e.build_id
      and r.updated_at >= ${competition.startDate.getTime()} and r.updated_at < ${competition.endDate.getTime()}
      and r.user_id ${jury ? sql`in` : sql`not in`} (${jurors})
      and ${ratingCounts(sql`r.user_id`)}
    where e.competition_id = ${competition.id}
    group by e.id
  )`;
}

/**
 * The entries in order of their community standing: the leaderboards' Bayesian
 * score over the ratings members other than the jurors gave during the
 * competition, entries without a vote last (they score C but nobody judged them).
 * Equal scores: more votes, then the earlier entry.
 */
export function rankEntries(reader: Pick<Db, 'all'>, competition: CompetitionWindow): Standing[] {
  return rankByBayesianScore(reader, entriesWithVotes(competition, false), sql`entered_at asc, entry_id asc`);
}

/**
 * The entries the jury judged, in order of their jurors' mean stars during the
 * competition: a handful of named judges, so no prior pulls their verdict toward
 * the site's mean. Equal means: more jurors' votes, then the earlier entry. An
 * entry no juror rated is left out: it cannot take the jury prize.
 */
export function rankJuryEntries(reader: Pick<Db, 'all'>, competition: CompetitionWindow): Standing[] {
  return reader.all<Standing>(sql`
    with judged as ${entriesWithVotes(competition, true)}
    select id as buildId, votes, points, points * 1.0 / votes as score
    from judged
    where votes > 0
    order by score desc, votes desc, entered_at asc, entry_id asc
  `);
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
  photoAlt: string | null;
  averageRating: number;
  ratingCount: number;
  /** The community's, during the competition (jurors' stars are not among them). */
  votes: number;
  points: number;
  /** The place it won (1 = first); null for an entry left out (its build was not listed then, or no member voted for it). */
  placement: number | null;
  /** Its place by the jurors' stars (1 = the jury prize); null without a jury or a juror's vote. */
  juryPlacement: number | null;
};

type EntryDetail = Omit<CompetitionStanding, 'rank' | 'votes' | 'points'> & { votes: number | null; points: number | null };

const entryColumns = {
  buildId: competitionEntries.buildId,
  userId: competitionEntries.userId,
  placement: competitionEntries.placement,
  juryPlacement: competitionEntries.juryPlacement,
  title: builds.title,
  username: users.username,
  userLevel: users.level,
  imageId: builds.imageId,
  photoAlt: builds.photoAlt,
  averageRating: builds.averageRating,
  ratingCount: builds.ratingCount,
  votes: competitionEntries.votes,
  points: competitionEntries.points,
};

function entryDetails(competitionId: number, buildIds: number[]): Map<number, EntryDetail> {
  if (buildIds.length === 0) return new Map();
  const rows = db()
    .select(entryColumns)
    .from(competitionEntries)
    .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
    .innerJoin(users, eq(users.id, competitionEntries.userId))
    .where(and(eq(competitionEntries.competitionId, competitionId), inArray(competitionEntries.buildId, buildIds)))
    .all();
  return new Map(rows.map((row) => [row.buildId, row]));
}

/** A competition's placed entries, best first: each build, its place, and whether it is still listed. */
function placedEntries(competitionId: number): { buildId: number; placement: number; listed: boolean }[] {
  return db()
    .select({ buildId: competitionEntries.buildId, placement: competitionEntries.placement, reviewStatus: builds.reviewStatus })
    .from(competitionEntries)
    .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
    .where(and(eq(competitionEntries.competitionId, competitionId), isNotNull(competitionEntries.placement)))
    .orderBy(asc(competitionEntries.placement))
    .all()
    .flatMap(({ buildId, placement, reviewStatus }) =>
      placement === null ? [] : [{ buildId, placement, listed: reviewStatus === 'approved' }],
    );
}

/**
 * A closed competition's entries that took no place and are listed, in the order they were
 * entered, each with why: no member's vote, or (counts stored with none, or with votes that
 * placed nothing) a build that was not listed as the competition closed.
 */
function unplacedEntries(competitionId: number): UnplacedEntry[] {
  return db()
    .select({ buildId: competitionEntries.buildId, title: builds.title, username: users.username, votes: competitionEntries.votes })
    .from(competitionEntries)
    .innerJoin(builds, and(eq(builds.id, competitionEntries.buildId), listed))
    .innerJoin(users, eq(users.id, competitionEntries.userId))
    .where(and(eq(competitionEntries.competitionId, competitionId), isNull(competitionEntries.placement)))
    .orderBy(asc(competitionEntries.createdAt), asc(competitionEntries.id))
    .all()
    .map(({ votes, ...entry }) => ({ ...entry, why: votes === 0 ? 'no votes' : 'not listed' }));
}

/**
 * A closed competition's standings, in the order of the placements written when
 * it closed, which never change, with the community's votes and stars counted then.
 * While it runs there are none to show (contest mode: see competition-contest.server.ts).
 * `unlistedPlaces`: the places it gave builds no longer listed (hidden or held since):
 * the place stays theirs, so the standings show it, unnamed, and the listed entries
 * keep their numbers. Both from one read of the placed entries. `unplaced`: the listed
 * entries that took no place.
 */
export function closedStandings(competition: CompetitionWindow & { closedAt: Date }): {
  standings: CompetitionStanding[];
  unlistedPlaces: number[];
  unplaced: UnplacedEntry[];
} {
  const placed = placedEntries(competition.id);
  const order = placed.flatMap((entry) => (entry.listed ? [entry.buildId] : []));
  const details = entryDetails(competition.id, order);
  const standings = order.flatMap((buildId, index) => {
    const detail = details.get(buildId);
    if (!detail) return [];
    return [{ ...detail, rank: detail.placement ?? index + 1, votes: detail.votes ?? 0, points: detail.points ?? 0 }];
  });
  return {
    standings,
    unlistedPlaces: placed.flatMap((entry) => (entry.listed ? [] : [entry.placement])),
    unplaced: unplacedEntries(competition.id),
  };
}
