import { and, desc, eq } from 'drizzle-orm';
import { builds, competitionEntries, competitions } from '../../db/schema';
import { listed } from './builds.server';
import { recordCompetitionEntry } from './progression.server';
import { db, type Writer } from '~/services/db.server';

export type EntryRefusal = 'not_found' | 'not_open' | 'not_your_build' | 'not_listed' | 'not_entered';

/**
 * Whether a competition takes entries now: from its start to its end, while not
 * ended by an admin or closed. Entering an upcoming competition is not allowed:
 * its page says when it opens.
 */
function openCompetition(writer: Writer, competitionId: number, now: Date): { ok: true } | { ok: false; reason: 'not_found' | 'not_open' } {
  const row = writer.select().from(competitions).where(eq(competitions.id, competitionId)).get();
  if (!row) return { ok: false, reason: 'not_found' };
  const open = row.isActive && row.closedAt === null && row.startDate <= now && now < row.endDate;
  return open ? { ok: true } : { ok: false, reason: 'not_open' };
}

/**
 * Enters one of the member's own listed builds, or replaces their entry with it:
 * one entry per member per competition. A new build's entry time is now (it breaks
 * ties); entering the same build again changes nothing. Entering counts for the
 * member's progression (once per competition, however often they replace it).
 */
export function enterCompetition(
  { competitionId, userId, buildId }: { competitionId: number; userId: number; buildId: number },
  now = new Date(),
): { ok: true; replaced: boolean } | { ok: false; reason: Exclude<EntryRefusal, 'not_entered'> } {
  return db().transaction((tx) => {
    const open = openCompetition(tx, competitionId, now);
    if (!open.ok) return open;
    const build = tx.select({ userId: builds.userId, reviewStatus: builds.reviewStatus }).from(builds).where(eq(builds.id, buildId)).get();
    if (!build || build.userId !== userId) return { ok: false, reason: 'not_your_build' } as const;
    if (build.reviewStatus !== 'approved') return { ok: false, reason: 'not_listed' } as const;
    const mine = and(eq(competitionEntries.competitionId, competitionId), eq(competitionEntries.userId, userId));
    const current = tx.select({ buildId: competitionEntries.buildId }).from(competitionEntries).where(mine).get();
    recordCompetitionEntry(tx, { userId, competitionId }, now);
    if (!current) {
      tx.insert(competitionEntries).values({ competitionId, userId, buildId, createdAt: now }).run();
      return { ok: true, replaced: false } as const;
    }
    if (current.buildId !== buildId) tx.update(competitionEntries).set({ buildId, createdAt: now }).where(mine).run();
    return { ok: true, replaced: true } as const;
  });
}

/** Takes the member's entry out of a competition that is still open. */
export function withdrawEntry(
  { competitionId, userId }: { competitionId: number; userId: number },
  now = new Date(),
): { ok: true } | { ok: false; reason: 'not_found' | 'not_open' | 'not_entered' } {
  return db().transaction((tx) => {
    const open = openCompetition(tx, competitionId, now);
    if (!open.ok) return open;
    const removed = tx
      .delete(competitionEntries)
      .where(and(eq(competitionEntries.competitionId, competitionId), eq(competitionEntries.userId, userId)))
      .run();
    return removed.changes > 0 ? ({ ok: true } as const) : ({ ok: false, reason: 'not_entered' } as const);
  });
}

/** The build a member has entered in a competition, if any. */
export function memberEntry(competitionId: number, userId: number): { buildId: number; title: string } | null {
  return (
    db()
      .select({ buildId: competitionEntries.buildId, title: builds.title })
      .from(competitionEntries)
      .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
      .where(and(eq(competitionEntries.competitionId, competitionId), eq(competitionEntries.userId, userId)))
      .get() ?? null
  );
}

/** The member's listed builds, newest first: what the "Enter a build" form offers. */
export function enterableBuilds(userId: number): { id: number; title: string }[] {
  return db()
    .select({ id: builds.id, title: builds.title })
    .from(builds)
    .where(and(eq(builds.userId, userId), listed))
    .orderBy(desc(builds.createdAt), desc(builds.id))
    .all();
}
