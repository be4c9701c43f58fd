import { and, asc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { competitionEntries, competitions } from '../../db/schema';
import { type Actor, recordAudit } from './audit.server';
import { rankEntries, rankJuryEntries } from './competition-standings.server';
import { queueCompetitionResults } from './notifications.server';
import { recordCompetitionPlacements } from './progression.server';
import { type Db, db, type Writer } from '~/services/db.server';
import { counted } from '~/utils/count';

/** Who closes a competition whose end date passed: the site itself, in the audit log. */
export const CLOSING_ACTOR: Actor = { id: null, username: 'competition closing' };

/** Even with no end date in sight the job looks again this often (an admin may move one). */
export const CLOSING_CHECK_EVERY_MS = 3600_000;

export type Placement = { userId: number; buildId: number; placement: number };

export type CloseResult =
  | { ok: true; title: string; placements: Placement[]; juryWinner: Placement | null }
  | { ok: false; reason: 'not_found' | 'closed' | 'not_ended' };

/** A transaction that may rank (raw SQL) and write. */
export type Closer = Writer & Pick<Db, 'all'>;

/**
 * Closes a competition once, inside the caller's transaction: the end date has
 * passed (or an admin ended it), so the entries' standings become placements 1..n
 * and the competition is marked closed, with an audit row. Marking it closed is
 * the first write and is conditional on "not closed yet", so a retried or doubled
 * job, or the job racing an admin's "End now", closes it exactly once; the others
 * get `closed` and change nothing. Entries whose build is not listed get no place,
 * nor do entries no member voted for during the competition: nobody judged them,
 * so a competition without a vote has no winner (as an entry no juror rated cannot
 * take the jury prize). The jurors' stars place the entries they rated apart (the
 * jury prize is the first of those). A build that already won a competition of the
 * same series (its first place or its jury prize) cannot win again: the next-ranked
 * entry takes the win and it keeps its order behind, or first place stays empty when
 * no entry placed may win. Each listed entry keeps the community's votes and stars it
 * was ranked by, so the result shows what decided it. In the same transaction the
 * podium earns its progression and every entrant is queued a mail with their result.
 */
export function closeCompetitionIn(tx: Closer, competitionId: number, actor: Actor, now = new Date()): CloseResult {
  const claimed = tx
    .update(competitions)
    .set({ closedAt: now })
    .where(
      and(
        eq(competitions.id, competitionId),
        isNull(competitions.closedAt),
        or(eq(competitions.isActive, false), lte(competitions.endDate, now)),
      ),
    )
    .returning()
    .get();
  if (!claimed) {
    const row = tx.select({ closedAt: competitions.closedAt }).from(competitions).where(eq(competitions.id, competitionId)).get();
    return { ok: false, reason: !row ? 'not_found' : row.closedAt ? 'closed' : 'not_ended' };
  }
  const entrants = new Map(
    tx
      .select({ buildId: competitionEntries.buildId, userId: competitionEntries.userId })
      .from(competitionEntries)
      .where(eq(competitionEntries.competitionId, competitionId))
      .all()
      .map((entry) => [entry.buildId, entry.userId]),
  );
  const pastWinners = seriesWinners(tx, claimed);
  const place = (ranked: { buildId: number }[]) => {
    const ordered = winnerFirst(ranked, pastWinners);
    // With no entry left that may win, first place stays empty: the barred builds keep their order behind it.
    const firstPlace = ordered.length > 0 && pastWinners.has(ordered[0]!.buildId) ? 2 : 1;
    return ordered.map(({ buildId }, index) => ({ userId: entrants.get(buildId)!, buildId, placement: index + firstPlace }));
  };
  const community = rankEntries(tx, claimed);
  const placements = place(community.filter((standing) => standing.votes > 0));
  const juryPlacements = place(rankJuryEntries(tx, claimed));
  const entry = (buildId: number) => and(eq(competitionEntries.competitionId, competitionId), eq(competitionEntries.buildId, buildId));
  const placed = new Map(placements.map(({ buildId, placement }) => [buildId, placement]));
  const juryPlaced = new Map(juryPlacements.map(({ buildId, placement }) => [buildId, placement]));
  // One write per listed entry (the jury ranks listed entries too). The counts the places were
  // decided by stay with the result: ratings changed or deleted later do not move them.
  for (const { buildId, votes, points } of community) {
    tx.update(competitionEntries)
      .set({ placement: placed.get(buildId) ?? null, juryPlacement: juryPlaced.get(buildId) ?? null, votes, points })
      .where(entry(buildId))
      .run();
  }
  const juryWinner = juryPlacements.find(({ placement }) => placement === 1) ?? null;
  recordAudit(
    tx,
    actor,
    {
      action: 'close-competition',
      targetType: 'competition',
      targetId: competitionId,
      targetLabel: claimed.title,
      details: `${counted(placements.length, 'entry', 'entries')} placed${juryWinner ? `, jury prize to build ${juryWinner.buildId}` : ''}`,
    },
    now,
  );
  recordCompetitionPlacements(tx, competitionId, placements, now);
  queueCompetitionResults(tx, competitionId, now);
  return { ok: true, title: claimed.title, placements, juryWinner };
}

/** Builds that won a closed competition of the same series, by the community or the jury; none outside a series. */
function seriesWinners(tx: Closer, competition: { id: number; series: string | null }): Set<number> {
  if (!competition.series) return new Set();
  const rows = tx
    .select({ buildId: competitionEntries.buildId })
    .from(competitionEntries)
    .innerJoin(competitions, eq(competitions.id, competitionEntries.competitionId))
    .where(
      and(
        eq(competitions.series, competition.series),
        ne(competitions.id, competition.id),
        or(eq(competitionEntries.placement, 1), eq(competitionEntries.juryPlacement, 1)),
      ),
    )
    .all();
  return new Set(rows.map((row) => row.buildId));
}

/** The ranking with its first entry that may win moved to the top; the rest keep their order. */
function winnerFirst<T extends { buildId: number }>(ranked: T[], barred: Set<number>): T[] {
  const winner = ranked.findIndex((standing) => !barred.has(standing.buildId));
  if (winner <= 0) return ranked;
  return [ranked[winner]!, ...ranked.slice(0, winner), ...ranked.slice(winner + 1)];
}

/** `closeCompetitionIn` in a transaction of its own: what the closing job runs for each competition. */
export function closeCompetition(competitionId: number, actor: Actor = CLOSING_ACTOR, now = new Date()): CloseResult {
  return db().transaction((tx) => closeCompetitionIn(tx, competitionId, actor, now));
}

/** Competitions whose end date has passed (or that an admin ended) and that are not closed yet. */
export function dueForClosing(now = new Date()): number[] {
  return db()
    .select({ id: competitions.id })
    .from(competitions)
    .where(and(isNull(competitions.closedAt), or(eq(competitions.isActive, false), lte(competitions.endDate, now))))
    .orderBy(asc(competitions.endDate))
    .all()
    .map((row) => row.id);
}

/** When the closing job should look next: the next end date, at most an hour away. */
export function nextClosingCheck(now = new Date()): Date {
  const next = db()
    .select({ endDate: sql<number>`min(${competitions.endDate})` })
    .from(competitions)
    .where(and(isNull(competitions.closedAt), eq(competitions.isActive, true), gt(competitions.endDate, now)))
    .get()?.endDate;
  return new Date(Math.min(next ?? Number.POSITIVE_INFINITY, now.getTime() + CLOSING_CHECK_EVERY_MS));
}
