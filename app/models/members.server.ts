import { and, count, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { builds, competitionEntries, competitions, formerUsernames, users } from '../../db/schema';
import { listed, namedBuild, namedBuildColumns, summaryColumns } from './builds.server';
import { orderBuildsBy } from './build-order.server';
import { buildWins, memberWins } from './competition-wins.server';
import { findProgression } from './progression.server';
import type { BuildSort } from '~/domain/build-sorts';
import type { BuildSummary } from '~/domain/builds';
import type { CompetitionWin } from '~/domain/competitions';
import type { Progression } from '~/domain/progression';
import { type CompetitionPlacement, FORMER_USERNAME_DAYS, type PublicMember } from '~/domain/members';
import { usernameKey } from '~/domain/usernames';
import { db, type Writer } from '~/services/db.server';
import { GALLERY_PAGE_SIZE } from '~/utils/constants';
import { DAY_MS } from '~/utils/dates';

// Members' public pages (/u/{username}) and GET /api/users/{username}.

const FORMER_USERNAME_MS = FORMER_USERNAME_DAYS * DAY_MS;

/** A member's builds come a page at a time, as many as a batch of the gallery. */
export const MEMBER_BUILDS_PAGE_SIZE = GALLERY_PAGE_SIZE;

/** Longer than any name the site has given out: not looked up at all. */
const LONGEST_NAME_LOOKED_UP = 100;

export type MemberLookup =
  | { kind: 'member'; member: PublicMember }
  /** An old name of theirs, given up less than FORMER_USERNAME_DAYS ago and not taken since: `username` is their name now. */
  | { kind: 'renamed'; username: string }
  /** A disabled member: their page is not available. */
  | { kind: 'unavailable' }
  | { kind: 'unknown' };

const publicColumns = {
  id: users.id,
  username: users.username,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  level: users.level,
  createdAt: users.createdAt,
  isDisabled: users.isDisabled,
};

/**
 * Who a name in a URL means, compared as names are (case and Unicode form aside):
 * the member who has it now, else the member who gave it up lately.
 */
export function lookUpMember(name: string, now = new Date()): MemberLookup {
  if (name.length > LONGEST_NAME_LOOKED_UP) return { kind: 'unknown' };
  const key = usernameKey(name);
  const current = db().select(publicColumns).from(users).where(eq(users.usernameKey, key)).get();
  if (current) {
    const { isDisabled, ...member } = current;
    return isDisabled ? { kind: 'unavailable' } : { kind: 'member', member };
  }
  const former = db()
    .select({ username: users.username, isDisabled: users.isDisabled })
    .from(formerUsernames)
    .innerJoin(users, eq(users.id, formerUsernames.userId))
    .where(and(eq(formerUsernames.usernameKey, key), gte(formerUsernames.renamedAt, new Date(now.getTime() - FORMER_USERNAME_MS))))
    .orderBy(desc(formerUsernames.renamedAt), desc(formerUsernames.id))
    .get();
  if (!former) return { kind: 'unknown' };
  return former.isDisabled ? { kind: 'unavailable' } : { kind: 'renamed', username: former.username };
}

/** Keeps the name a member gives up (call it in the rename's transaction), for lookUpMember. */
export function recordFormerUsername(tx: Writer, userId: number, oldUsername: string, now: Date): void {
  tx.insert(formerUsernames)
    .values({ userId, usernameKey: usernameKey(oldUsername), renamedAt: now })
    .run();
}

/** Drops old names past their while (housekeeping). */
export function pruneFormerUsernames(now = new Date()): number {
  return db()
    .delete(formerUsernames)
    .where(lt(formerUsernames.renamedAt, new Date(now.getTime() - FORMER_USERNAME_MS)))
    .run().changes;
}

export type MemberPage = {
  progression: Progression;
  placements: CompetitionPlacement[];
  /** Their trophy case: what they won, the latest first. */
  wins: CompetitionWin[];
  /** `wins`: what each build of the page won (its ribbons). */
  builds: { list: BuildSummary[]; wins: Map<number, CompetitionWin[]>; total: number; sort: BuildSort; page: number; pageCount: number };
};

/**
 * What a member's public page shows besides their profile: progression, placements,
 * their wins and one page of their listed builds, with what each won (empty past the last page; `pageCount` is at
 * least 1). Null for no such member.
 */
export function readMemberPage(userId: number, sort: BuildSort, page: number, now = new Date()): MemberPage | null {
  const progression = findProgression(userId, now);
  if (!progression) return null;
  const { builds: list, total } = listMemberBuilds(userId, sort, page, MEMBER_BUILDS_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(total / MEMBER_BUILDS_PAGE_SIZE));
  return {
    progression,
    placements: listPlacements(userId),
    wins: memberWins(userId),
    builds: { list, wins: buildWins(list.map((build) => build.id)), total, sort, page, pageCount },
  };
}

/** One page of a member's listed builds in `sort` order, and how many they have listed. */
export function listMemberBuilds(
  userId: number,
  sort: BuildSort,
  page: number,
  pageSize: number,
): { builds: BuildSummary[]; total: number } {
  const theirs = and(eq(builds.userId, userId), listed);
  const total = db().select({ builds: count() }).from(builds).where(theirs).get()?.builds ?? 0;
  const rows = db()
    .select(summaryColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(theirs)
    .orderBy(...orderBuildsBy(sort))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { builds: rows, total };
}

/** Where the member's entries took a place in closed competitions, the latest first. */
export function listPlacements(userId: number): CompetitionPlacement[] {
  // Every entry, placed or not ("4th of 8"): one nobody voted for took no place, but it was in the competition.
  const entered = sql<number>`(select count(*) from ${competitionEntries} e where e.competition_id = ${competitions.id})`;
  const rows = db()
    .select({
      competitionId: competitions.id,
      competitionTitle: competitions.title,
      closedAt: competitions.closedAt,
      placement: competitionEntries.placement,
      entrants: entered.mapWith(Number),
      build: namedBuildColumns,
    })
    .from(competitionEntries)
    .innerJoin(competitions, eq(competitions.id, competitionEntries.competitionId))
    .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
    .where(and(eq(competitionEntries.userId, userId), isNotNull(competitionEntries.placement), isNotNull(competitions.closedAt)))
    .orderBy(desc(competitions.closedAt), desc(competitions.id))
    .all();
  return rows.map(({ closedAt, placement, build, ...row }) => ({
    ...row,
    closedAt: closedAt!,
    placement: placement!,
    build: namedBuild(build),
  }));
}
