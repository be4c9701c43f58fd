import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { builds, roastReactions, users } from '../../db/schema';
import { weekBattleHighlights } from './battles.server';
import { listed } from './builds.server';
import { listClosedSince } from './competitions.server';
import { weekGlowUps } from './glow-ups.server';
import { leaderboard } from './leaderboards.server';
import { perDataVersion } from './version-cache.server';
import { db } from '~/services/db.server';
import type { WeekDigest } from '~/domain/digest';
import { isoWeek } from '~/utils/iso-week';
import { clipAtWord } from '~/utils/clip-at-word';
import { DAY_MS } from '~/utils/dates';

const WEEK_MS = 7 * DAY_MS;
const TOP_BUILDS = 3;
const TOP_ROASTS = 2;
const RESULTS = 3;
/** Battle winners, movers and glow-ups: two each, so the whole digest stays about one phone screen. */
const HIGHLIGHTS = 2;
/** A roast's first line in the digest: about one line on a phone. */
const OPENING_LENGTH = 60;

/** The first sentence of a roast, cut at a word to about one line. */
function opening(roast: string): string {
  const flat = roast.replace(/\s+/g, ' ').trim();
  return clipAtWord(flat.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? flat, OPENING_LENGTH);
}

/** The current roasts of listed builds that the most members said landed in the last week. */
function topRoasts(since: Date): WeekDigest['topRoasts'] {
  const landed = sql<number>`count(*)`;
  return db()
    .select({ id: builds.id, title: builds.title, username: users.username, roast: builds.roast, landed })
    .from(roastReactions)
    .innerJoin(builds, and(eq(builds.id, roastReactions.buildId), eq(builds.roastedAt, roastReactions.roastedAt)))
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(listed, eq(roastReactions.reaction, 'landed'), gte(roastReactions.updatedAt, since)))
    .groupBy(builds.id)
    .orderBy(desc(landed), desc(builds.id))
    .limit(TOP_ROASTS)
    .all()
    .map(({ roast, ...row }) => ({ ...row, opening: opening(roast) }));
}

/** Competitions that closed in the last week, the latest first, each with its winner while listed. */
function results(since: Date): WeekDigest['results'] {
  return listClosedSince(since, RESULTS).map(({ id, title, winners: [winner] }) => ({
    id,
    title,
    winner: winner?.build ? { id: winner.build.id, title: winner.build.title, username: winner.username, prize: winner.prize } : null,
  }));
}

/**
 * The week on RigRoast for the digest of ISO week `week`: the same for every member,
 * so read once per change of the data however many digests go out.
 */
export const weekOnRigRoast = perDataVersion((week: string): WeekDigest => {
  const since = new Date(Date.now() - WEEK_MS);
  const battles = weekBattleHighlights(since);
  return {
    week,
    topBuilds: leaderboard('week', TOP_BUILDS).map((entry) => ({
      id: entry.buildId,
      title: entry.title,
      username: entry.username,
      votes: entry.votes,
      average: entry.average,
    })),
    topRoasts: topRoasts(since),
    results: results(since),
    battleWinners: battles.winners.slice(0, HIGHLIGHTS),
    battleMovers: battles.movers.slice(0, HIGHLIGHTS),
    glowUps: weekGlowUps(since, HIGHLIGHTS).map(({ before, after, username, improvement }) => ({
      id: after.id,
      title: after.title,
      username,
      improvement,
      before: { id: before.id, title: before.title },
    })),
  };
});

/** The last seven days, named for the current ISO week: the site's page and the API. */
export const thisWeek = () => weekOnRigRoast(isoWeek(Date.now()));
