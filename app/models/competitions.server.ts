import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { builds, competitionEntries, competitions, users } from '../../db/schema';
import { type Actor, recordAudit } from './audit.server';
import { namedBuild, namedBuildColumns } from './builds.server';
import { closeCompetitionIn, type Placement } from './competition-closing.server';
import { juryPrize } from './competition-wins.server';
import { findJurors, jurorNames, setJurors } from './competition-jurors.server';
import type { Viewer } from '~/domain/permissions';
import { enqueueOrExpedite } from '~/queue/enqueue.server';
import { competitionClosingJob } from '~/queue/job-types';
import { db } from '~/services/db.server';
import {
  type CompetitionCard,
  type CompetitionStatus,
  inContest,
  type JuryWinner,
  type PastCompetition,
  prizeLines,
  type Winner,
  WINNER_PLACES,
} from '~/domain/competitions';

const entryCount = sql<number>`(
  select count(*) from competition_entries e join builds b on b.id = e.build_id and b.review_status = 'approved'
  where e.competition_id = competitions.id
)`.mapWith(Number);

const cardColumns = {
  id: competitions.id,
  title: competitions.title,
  theme: competitions.theme,
  description: competitions.description,
  startDate: competitions.startDate,
  endDate: competitions.endDate,
  prizeDescription: competitions.prizeDescription,
  badgeUrl: competitions.badgeUrl,
  isActive: competitions.isActive,
  entryCount,
};

type CardRow = { prizeDescription: string; isActive: boolean; startDate: Date; endDate: Date } & Omit<CompetitionCard, 'prizes' | 'status'>;

function toCard({ prizeDescription, isActive, ...row }: CardRow, now: Date): CompetitionCard {
  return { ...row, prizes: prizeLines(prizeDescription), status: statusOf({ isActive, ...row }, now) };
}

/** Competitions open right now, the one ending soonest first. */
export function listActiveCompetitions(now = new Date()): CompetitionCard[] {
  return db()
    .select(cardColumns)
    .from(competitions)
    .where(and(eq(competitions.isActive, true), lte(competitions.startDate, now), gt(competitions.endDate, now)))
    .orderBy(asc(competitions.endDate))
    .all()
    .map((row) => toCard(row, now));
}

/** Competitions that have not started yet, the next to start first. */
export function listUpcomingCompetitions(now = new Date()): CompetitionCard[] {
  return db()
    .select(cardColumns)
    .from(competitions)
    .where(and(eq(competitions.isActive, true), gt(competitions.startDate, now)))
    .orderBy(asc(competitions.startDate))
    .all()
    .map((row) => toCard(row, now));
}

/** Competitions that have started, the newest first: what the gallery may filter by. */
export function listStartedCompetitions(now = new Date()): { id: number; title: string }[] {
  return db()
    .select({ id: competitions.id, title: competitions.title })
    .from(competitions)
    .where(lte(competitions.startDate, now))
    .orderBy(desc(competitions.startDate), desc(competitions.id))
    .all();
}

/**
 * `open`: it takes entries now (started, not ended, not closed). `contest`: it has
 * started and is not closed, so its standings are hidden (contest mode).
 */
export type CompetitionDetail = CompetitionCard & {
  rules: string;
  closedAt: Date | null;
  open: boolean;
  contest: boolean;
  series: string | null;
  jurors: string[];
};

/** One competition, whatever its state; null for an unknown id. */
export function findCompetition(id: number, now = new Date()): CompetitionDetail | null {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = db()
    .select({ ...cardColumns, rules: competitions.rules, closedAt: competitions.closedAt, series: competitions.series })
    .from(competitions)
    .where(eq(competitions.id, id))
    .get();
  if (!row) return null;
  const card = toCard(row, now);
  return {
    ...card,
    rules: row.rules,
    closedAt: row.closedAt,
    open: card.status === 'active' && row.closedAt === null,
    contest: inContest(row, now),
    series: row.series,
    jurors: jurorNames(row.id),
  };
}

/** The competition `id` while it is in contest mode (started, not closed); null otherwise, or for an unknown id. */
export function competitionInContest(id: number, now = new Date()): { id: number; title: string } | null {
  const row = db()
    .select({ id: competitions.id, title: competitions.title, startDate: competitions.startDate, closedAt: competitions.closedAt })
    .from(competitions)
    .where(eq(competitions.id, id))
    .get();
  return row && inContest(row, now) ? { id: row.id, title: row.title } : null;
}

/** The top `places` (three) of closed competitions, each with the prize line its place won. */
export function winnersOf(competitionIds: number[], prizesOf: (id: number) => string[], places = WINNER_PLACES): Map<number, Winner[]> {
  const winners = new Map<number, Winner[]>(competitionIds.map((id) => [id, []]));
  if (competitionIds.length === 0) return winners;
  const rows = placedEntries(and(inArray(competitionEntries.competitionId, competitionIds), lte(competitionEntries.placement, places)))
    .orderBy(asc(competitionEntries.placement))
    .all();
  for (const { competitionId, placement, build, ...winner } of rows) {
    const place = placement!;
    winners
      .get(competitionId)!
      .push({ ...winner, placement: place, prize: prizesOf(competitionId)[place - 1] ?? null, build: namedBuild(build) });
  }
  return winners;
}

/**
 * The entries `which` picks, with their maker and build: the winners' rows. A place is
 * kept once won; its build is named only while listed (namedBuild).
 */
function placedEntries(which: SQL | undefined) {
  return db()
    .select({
      competitionId: competitionEntries.competitionId,
      placement: competitionEntries.placement,
      userId: competitionEntries.userId,
      username: users.username,
      build: namedBuildColumns,
    })
    .from(competitionEntries)
    .innerJoin(users, eq(users.id, competitionEntries.userId))
    .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
    .where(which);
}

/** The jury prize's winner of each closed competition that had a jury that voted. */
export function juryWinnersOf(competitionIds: number[]): Map<number, JuryWinner> {
  if (competitionIds.length === 0) return new Map();
  const rows = placedEntries(and(inArray(competitionEntries.competitionId, competitionIds), juryPrize)).all();
  return new Map(
    rows.map(({ competitionId, placement: _placement, build, ...winner }) => [competitionId, { ...winner, build: namedBuild(build) }]),
  );
}

/**
 * Closed competitions that ran (not ones called off before they started), the
 * latest to end first, each with its winners.
 */
export function listPastCompetitions(now = new Date()): PastCompetition[] {
  return pastCompetitions(undefined, [desc(competitions.endDate), desc(competitions.id)], now);
}

/** Competitions that ran and closed since `since`, the latest to close first (the weekly digest's results). */
export function listClosedSince(since: Date, limit: number, now = new Date()): PastCompetition[] {
  return pastCompetitions(gte(competitions.closedAt, since), [desc(competitions.closedAt), desc(competitions.id)], now, limit);
}

function pastCompetitions(which: SQL | undefined, order: SQL[], now: Date, limit = -1): PastCompetition[] {
  const rows = db()
    .select({ ...cardColumns, closedAt: competitions.closedAt })
    .from(competitions)
    .where(and(isNotNull(competitions.closedAt), lte(competitions.startDate, competitions.closedAt), which))
    .orderBy(...order)
    .limit(limit)
    .all();
  const cards = new Map(rows.map((row) => [row.id, { ...toCard(row, now), closedAt: row.closedAt! }]));
  const winners = winnersOf([...cards.keys()], (id) => cards.get(id)!.prizes);
  const juryWinners = juryWinnersOf([...cards.keys()]);
  return [...cards.values()].map((card) => ({ ...card, winners: winners.get(card.id)!, juryWinner: juryWinners.get(card.id) ?? null }));
}

export type NewCompetition = {
  title: string;
  description: string;
  theme: string;
  rules?: string;
  prizes: string[];
  startDate: Date;
  endDate: Date;
  /** The series it belongs to (a build wins a series once); null for none. */
  series?: string | null;
};

/** Adds a competition (admin tools, demo data), with its jurors' ids. */
export function createCompetition(competition: NewCompetition & { jurors?: number[] }): number {
  const { prizes, jurors = [], ...rest } = competition;
  return db().transaction((tx) => {
    const id = tx
      .insert(competitions)
      .values({ ...rest, prizeDescription: prizes.join('\n') })
      .returning({ id: competitions.id })
      .get().id;
    setJurors(tx, id, jurors);
    return id;
  });
}

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
  series: string | null;
  jurors: string[];
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
    series: row.series,
    jurors: jurorNames(row.id),
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

/** `jurors`: usernames; none, no jury prize. */
export type CompetitionInput = NewCompetition & { rules: string; badgeUrl?: string | null; jurors?: string[] };

export type SaveRefusal = { ok: false; reason: 'forbidden' | 'not_found' } | { ok: false; reason: 'unknown_jurors'; unknown: string[] };

/**
 * Creates a competition, or changes one (`id`), for admins, with its jury and its
 * audit row. `badgeUrl`, `series` or `jurors` undefined keeps what is there; null
 * removes the badge or the series. A juror named who is no active member refuses
 * the whole change.
 */
export function saveCompetition(
  actor: Viewer & Actor,
  id: number | null,
  input: CompetitionInput,
  now = new Date(),
): { ok: true; id: number } | SaveRefusal {
  if (!actor.isAdmin) return { ok: false, reason: 'forbidden' };
  const { prizes, jurors, ...rest } = input;
  const values = { ...rest, prizeDescription: prizes.join('\n') };
  return db().transaction((tx) => {
    const jury = findJurors(tx, jurors ?? []);
    if (!jury.ok) return { ok: false, reason: 'unknown_jurors', unknown: jury.unknown } as const;
    let savedId: number;
    if (id === null) {
      savedId = tx.insert(competitions).values(values).returning({ id: competitions.id }).get().id;
    } else {
      const updated = tx.update(competitions).set(values).where(eq(competitions.id, id)).run();
      if (updated.changes === 0) return { ok: false, reason: 'not_found' } as const;
      savedId = id;
    }
    if (jurors) setJurors(tx, savedId, jury.ids);
    // The closing job comes back at the earliest end date it knows of.
    enqueueOrExpedite(tx, competitionClosingJob(input.endDate));
    recordAudit(
      tx,
      actor,
      {
        action: id === null ? 'create-competition' : 'edit-competition',
        targetType: 'competition',
        targetId: savedId,
        targetLabel: input.title,
        details: [input.series ? `series ${input.series}` : '', jurors?.length ? `jurors ${jurors.join(', ')}` : '']
          .filter(Boolean)
          .join('; '),
      },
      now,
    );
    return { ok: true, id: savedId } as const;
  });
}

/**
 * Ends a competition now, for admins: a running one ends (its end date becomes
 * now) and closes in the same transaction, exactly as the closing job closes one
 * whose end date passed; one that has not started is called off (closed with no
 * entries). Either way it leaves the active list.
 */
export function endCompetition(
  actor: Viewer & Actor,
  id: number,
  now = new Date(),
): { ok: true; title: string; placements: Placement[] } | { ok: false; reason: 'forbidden' | 'not_found' } {
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
    const closed = closeCompetitionIn(tx, id, actor, now);
    if (!closed.ok) throw new Error(`Competition ${id} ended but did not close: ${closed.reason}`);
    return { ok: true, title: row.title, placements: closed.placements } as const;
  });
}
