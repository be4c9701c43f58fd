import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import { competitions } from '../../db/schema';
import { type Actor, recordAudit } from './audit.server';
import type { Viewer } from '~/domain/permissions';
import { db } from '~/services/db.server';

export type CompetitionCard = {
  id: number;
  title: string;
  theme: string;
  description: string;
  endDate: Date;
  prizes: string[];
};

/** Competitions open right now, the one ending soonest first. */
export function listActiveCompetitions(now = new Date()): CompetitionCard[] {
  return db()
    .select({
      id: competitions.id,
      title: competitions.title,
      theme: competitions.theme,
      description: competitions.description,
      endDate: competitions.endDate,
      prizeDescription: competitions.prizeDescription,
    })
    .from(competitions)
    .where(and(eq(competitions.isActive, true), lte(competitions.startDate, now), gt(competitions.endDate, now)))
    .orderBy(asc(competitions.endDate))
    .all()
    .map(({ prizeDescription, ...competition }) => ({ ...competition, prizes: prizeLines(prizeDescription) }));
}

/** The stored prize text (one prize per line) as its non-empty lines. */
function prizeLines(prizeDescription: string): string[] {
  return prizeDescription
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export type NewCompetition = {
  title: string;
  description: string;
  theme: string;
  rules?: string;
  prizes: string[];
  startDate: Date;
  endDate: Date;
};

/** Adds a competition (admin tools, demo data). */
export function createCompetition(competition: NewCompetition): number {
  const { prizes, ...rest } = competition;
  return db()
    .insert(competitions)
    .values({ ...rest, prizeDescription: prizes.join('\n') })
    .returning({ id: competitions.id })
    .get().id;
}

export type CompetitionStatus = 'upcoming' | 'active' | 'ended';

export type AdminCompetition = {
  id: number;
  title: string;
  theme: string;
  description: string;
  rules: string;
  prizes: string[];
  startDate: Date;
  endDate: Date;
  badgeUrl: string | null;
  status: CompetitionStatus;
};

function statusOf(row: { isActive: boolean; startDate: Date; endDate: Date }, now: Date): CompetitionStatus {
  if (!row.isActive || row.endDate <= now) return 'ended';
  return row.startDate > now ? 'upcoming' : 'active';
}

function toAdmin(row: typeof competitions.$inferSelect, now: Date): AdminCompetition {
  return {
    id: row.id,
    title: row.title,
    theme: row.theme,
    description: row.description,
    rules: row.rules,
    prizes: prizeLines(row.prizeDescription),
    startDate: row.startDate,
    endDate: row.endDate,
    badgeUrl: row.badgeUrl,
    status: statusOf(row, now),
  };
}

/** Every competition for the admin list, the latest to start first. */
export function listCompetitionsForAdmin(now = new Date()): AdminCompetition[] {
  return db()
    .select()
    .from(competitions)
    .orderBy(desc(competitions.startDate), desc(competitions.id))
    .all()
    .map((row) => toAdmin(row, now));
}

export function findCompetitionForAdmin(id: number, now = new Date()): AdminCompetition | null {
  const row = db().select().from(competitions).where(eq(competitions.id, id)).get();
  return row ? toAdmin(row, now) : null;
}

export type CompetitionInput = NewCompetition & { rules: string; badgeUrl?: string | null };

/**
 * Creates a competition, or changes one (`id`), for admins, with its audit row.
 * `badgeUrl` undefined keeps the current badge; null removes it.
 */
export function saveCompetition(
  actor: Viewer & Actor,
  id: number | null,
  input: CompetitionInput,
  now = new Date(),
): { ok: true; id: number } | { ok: false; reason: 'forbidden' | 'not_found' } {
  if (!actor.isAdmin) return { ok: false, reason: 'forbidden' };
  const { prizes, ...rest } = input;
  const values = { ...rest, prizeDescription: prizes.join('\n') };
  return db().transaction((tx) => {
    let savedId: number;
    if (id === null) {
      savedId = tx.insert(competitions).values(values).returning({ id: competitions.id }).get().id;
    } else {
      const updated = tx.update(competitions).set(values).where(eq(competitions.id, id)).run();
      if (updated.changes === 0) return { ok: false, reason: 'not_found' } as const;
      savedId = id;
    }
    recordAudit(
      tx,
      actor,
      {
        action: id === null ? 'create-competition' : 'edit-competition',
        targetType: 'competition',
        targetId: savedId,
        targetLabel: input.title,
      },
      now,
    );
    return { ok: true, id: savedId } as const;
  });
}

/**
 * Ends a competition now, for admins: a running one closes (its end date becomes
 * now), one that has not started is called off. Either way it leaves the active list.
 */
export function endCompetition(
  actor: Viewer & Actor,
  id: number,
  now = new Date(),
): { ok: true; title: string } | { ok: false; reason: 'forbidden' | 'not_found' } {
  if (!actor.isAdmin) return { ok: false, reason: 'forbidden' };
  return db().transaction((tx) => {
    const row = tx.select().from(competitions).where(eq(competitions.id, id)).get();
    if (!row || statusOf(row, now) === 'ended') return { ok: false, reason: 'not_found' } as const;
    const started = row.startDate <= now;
    tx.update(competitions)
      .set(started ? { isActive: false, endDate: new Date(Math.max(now.getTime(), row.startDate.getTime() + 1)) } : { isActive: false })
      .where(eq(competitions.id, id))
      .run();
    recordAudit(
      tx,
      actor,
      {
        action: 'end-competition',
        targetType: 'competition',
        targetId: id,
        targetLabel: row.title,
        details: started ? 'ended early' : 'called off before it started',
      },
      now,
    );
    return { ok: true, title: row.title } as const;
  });
}
