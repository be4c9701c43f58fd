import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { builds, competitionEntries, users } from '../../db/schema';
import { listed, summaryColumns } from './builds.server';
import { type CompetitionDetail, findCompetition, juryWinnersOf, winnersOf } from './competitions.server';
import { db } from '~/services/db.server';
import type { BuildSummary } from '~/domain/builds';
import type { JuryWinner, Winner } from '~/domain/competitions';

// What the Atom feeds carry: listed builds that have their roast, newest first. A build
// screening has not approved (or a moderator hid) is never in a feed, and only its main
// photo (approved with it) is ever shown, never a held extra photo.

/** How many builds a feed carries. */
export const FEED_LENGTH = 30;

/** A build in a feed: `at` is when it was posted (or entered, in a competition's feed). */
export type FeedBuild = BuildSummary & { roastedAt: Date; at: Date };

export type CompetitionFeed = {
  competition: CompetitionDetail;
  builds: FeedBuild[];
  /** Once closed: its podium and jury prize (a hidden build stays unnamed). */
  results: { closedAt: Date; winners: Winner[]; juryWinner: JuryWinner | null } | null;
};

const feedColumns = { ...summaryColumns, roastedAt: builds.roastedAt };
const inFeeds = and(listed, isNotNull(builds.roastedAt));

function newestBuilds(which: SQL | undefined): FeedBuild[] {
  return db()
    .select(feedColumns)
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(inFeeds, which))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .limit(FEED_LENGTH)
    .all()
    .map((row) => ({ ...row, roastedAt: row.roastedAt!, at: row.createdAt }));
}

/** The site's newest builds. */
export const siteFeed = () => newestBuilds(undefined);

/** A member's newest builds, by their id (looked up from the name the way their page does). */
export const memberFeed = (userId: number) => newestBuilds(eq(builds.userId, userId));

/** A competition's latest entries, and its results once closed; null for no such competition. */
export function competitionFeed(competitionId: number): CompetitionFeed | null {
  const competition = findCompetition(competitionId);
  if (!competition) return null;
  const entries = db()
    .select({ ...feedColumns, enteredAt: competitionEntries.createdAt })
    .from(competitionEntries)
    .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(eq(competitionEntries.competitionId, competition.id), inFeeds))
    .orderBy(desc(competitionEntries.createdAt), desc(competitionEntries.id))
    .limit(FEED_LENGTH)
    .all()
    .map(({ enteredAt, ...row }) => ({ ...row, roastedAt: row.roastedAt!, at: enteredAt }));
  const { closedAt } = competition;
  return {
    competition,
    builds: entries,
    results: closedAt
      ? {
          closedAt,
          winners: winnersOf([competition.id], () => competition.prizes).get(competition.id) ?? [],
          juryWinner: juryWinnersOf([competition.id]).get(competition.id) ?? null,
        }
      : null,
  };
}
