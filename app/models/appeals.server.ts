import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { memberAppeals, memberStrikes, memberSuspensions, users } from '../../db/schema';
import { type Actor, recordAudit } from './audit.server';
import { currentSuspension, endSuspension, type MeasureResult } from './member-moderation.server';
import { notifyAppealDecision } from './notifications.server';
import { consumeRateLimitIn } from './rate-limits.server';
import { targetOf } from './staff-targets.server';
import type { AppealStatus, AppealSubject } from '~/domain/member-moderation';
import type { Viewer } from '~/domain/permissions';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { db, type Writer } from '~/services/db.server';
import { shortDateTime } from '~/utils/dates';

// A member's appeal: they ask a moderator to look again at the suspension in force or
// a strike that still counts, once per suspension or strike. It waits in the moderation
// queue until staff uphold the measure or lift it, with a reply the member reads; either
// way the member is told and the decision is audited, and it is final.

type Staff = Viewer & Actor;

export type AppealTarget = { about: 'suspension' } | { about: 'strike'; strikeId: number };

export type FileAppealResult =
  | { ok: true; appealId: number }
  | { ok: false; reason: 'not_found' | 'already_appealed' }
  | { ok: false; reason: 'rate_limited'; retryAfterMs: number };

/** A strike of the member that still counts at `now`. */
function activeStrike(reader: Pick<Writer, 'select'>, memberId: number, strikeId: number, now: Date) {
  return reader
    .select({ id: memberStrikes.id })
    .from(memberStrikes)
    .where(and(eq(memberStrikes.id, strikeId), eq(memberStrikes.userId, memberId), gt(memberStrikes.expiresAt, now)))
    .get();
}

/**
 * Sends the member's appeal against their suspension in force or one of their strikes
 * that still counts, for the staff queue. Refused when there is no such measure, when they
 * appealed it already (one appeal each, waiting or decided), or past their daily allowance.
 */
export function fileAppeal(memberId: number, target: AppealTarget, message: string, now = new Date()): FileAppealResult {
  return db().transaction((tx): FileAppealResult => {
    const subject = target.about === 'suspension' ? currentSuspension(tx, memberId, now) : activeStrike(tx, memberId, target.strikeId, now);
    if (!subject) return { ok: false, reason: 'not_found' };
    const against = target.about === 'suspension' ? { suspensionId: subject.id } : { strikeId: subject.id };
    const column = target.about === 'suspension' ? memberAppeals.suspensionId : memberAppeals.strikeId;
    const earlier = tx.select({ id: memberAppeals.id }).from(memberAppeals).where(eq(column, subject.id)).get();
    if (earlier) return { ok: false, reason: 'already_appealed' };
    const allowance = consumeRateLimitIn(tx, RATE_LIMITS.appeal.perMember, String(memberId), now.getTime());
    if (!allowance.allowed) return { ok: false, reason: 'rate_limited', retryAfterMs: allowance.retryAfterMs };
    const inserted = tx
      .insert(memberAppeals)
      .values({ userId: memberId, ...against, message, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: memberAppeals.id })
      .get();
    return inserted ? { ok: true, appealId: inserted.id } : { ok: false, reason: 'already_appealed' };
  });
}

export type OwnAppeal = {
  id: number;
  about: AppealSubject;
  /** The reason staff gave for the suspension or strike. */
  subjectReason: string;
  message: string;
  status: AppealStatus;
  createdAt: Date;
  decidedAt: Date | null;
  reply: string;
};

export type OwnStanding = {
  /** The suspension in force, and the member's latest appeal against it. */
  suspension: { id: number; until: Date; reason: string; appeal: OwnAppeal | null } | null;
  /** Strikes that still count, newest first, each with the member's latest appeal against it. */
  strikes: { id: number; reason: string; createdAt: Date; expiresAt: Date; appeal: OwnAppeal | null }[];
  /** Every appeal the member sent, newest first. */
  appeals: OwnAppeal[];
};

const appealColumns = {
  id: memberAppeals.id,
  suspensionId: memberAppeals.suspensionId,
  strikeId: memberAppeals.strikeId,
  subjectReason: sql<string>`coalesce(${memberSuspensions.reason}, ${memberStrikes.reason}, '')`,
  message: memberAppeals.message,
  status: memberAppeals.status,
  createdAt: memberAppeals.createdAt,
  decidedAt: memberAppeals.decidedAt,
  reply: memberAppeals.reply,
};

function appealsWhere(where: SQL) {
  return db()
    .select(appealColumns)
    .from(memberAppeals)
    .leftJoin(memberSuspensions, eq(memberSuspensions.id, memberAppeals.suspensionId))
    .leftJoin(memberStrikes, eq(memberStrikes.id, memberAppeals.strikeId))
    .where(where)
    .orderBy(desc(memberAppeals.createdAt), desc(memberAppeals.id))
    .all()
    .map((appeal) => ({ ...appeal, about: (appeal.suspensionId === null ? 'strike' : 'suspension') as AppealSubject }));
}

/** What the member reads of their own standing: the suspension and strikes they may appeal, and their appeals. */
export function ownStanding(memberId: number, now = new Date()): OwnStanding {
  const rows = appealsWhere(eq(memberAppeals.userId, memberId));
  const appeals: OwnAppeal[] = rows.map(({ suspensionId: _s, strikeId: _t, ...appeal }) => appeal);
  const latest = (match: (row: (typeof rows)[number]) => boolean) => {
    const index = rows.findIndex(match);
    return index < 0 ? null : appeals[index]!;
  };
  const suspension = currentSuspension(db(), memberId, now);
  const strikes = db()
    .select({ id: memberStrikes.id, reason: memberStrikes.reason, createdAt: memberStrikes.createdAt, expiresAt: memberStrikes.expiresAt })
    .from(memberStrikes)
    .where(and(eq(memberStrikes.userId, memberId), gt(memberStrikes.expiresAt, now)))
    .orderBy(desc(memberStrikes.createdAt), desc(memberStrikes.id))
    .all();
  return {
    suspension: suspension
      ? {
          id: suspension.id,
          until: suspension.until,
          reason: suspension.reason,
          appeal: latest((row) => row.suspensionId === suspension.id),
        }
      : null,
    strikes: strikes.map((strike) => ({ ...strike, appeal: latest((row) => row.strikeId === strike.id) })),
    appeals,
  };
}

/** Every appeal a member sent, newest first, as staff read them on the member's page. */
export function memberAppealHistory(memberId: number): OwnAppeal[] {
  return appealsWhere(eq(memberAppeals.userId, memberId)).map(({ suspensionId: _s, strikeId: _t, ...appeal }) => appeal);
}

export type OpenAppeal = {
  id: number;
  userId: number;
  username: string;
  about: AppealSubject;
  subjectReason: string;
  /** When the suspension ends or the strike stops counting. */
  subjectEnds: Date;
  /** Whether the suspension still runs or the strike still counts (one that ended meanwhile may be decided all the same). */
  inForce: boolean;
  message: string;
  createdAt: Date;
};

/** Appeals waiting for staff, oldest first: first come, first seen. */
export function listOpenAppeals(now = new Date()): OpenAppeal[] {
  return db()
    .select({
      id: memberAppeals.id,
      userId: memberAppeals.userId,
      username: users.username,
      suspensionId: memberAppeals.suspensionId,
      subjectReason: sql<string>`coalesce(${memberSuspensions.reason}, ${memberStrikes.reason}, '')`,
      subjectEnds: sql<number>`coalesce(${memberSuspensions.until}, ${memberStrikes.expiresAt})`,
      suspendedUntil: users.suspendedUntil,
      message: memberAppeals.message,
      createdAt: memberAppeals.createdAt,
    })
    .from(memberAppeals)
    .innerJoin(users, eq(users.id, memberAppeals.userId))
    .leftJoin(memberSuspensions, eq(memberSuspensions.id, memberAppeals.suspensionId))
    .leftJoin(memberStrikes, eq(memberStrikes.id, memberAppeals.strikeId))
    .where(eq(memberAppeals.status, 'open'))
    .orderBy(asc(memberAppeals.createdAt), asc(memberAppeals.id))
    .all()
    .map(({ suspensionId, subjectEnds, suspendedUntil, ...appeal }) => {
      const ends = new Date(subjectEnds);
      const running = ends.getTime() > now.getTime();
      return {
        ...appeal,
        about: suspensionId === null ? 'strike' : 'suspension',
        subjectEnds: ends,
        // A suspension is in force while the member's row says so (a later one replaces it there).
        inForce: suspensionId === null ? running : running && suspendedUntil !== null && suspendedUntil.getTime() > now.getTime(),
      };
    });
}

/**
 * Staff decide a waiting appeal, if the staff rule lets them act on its member: the
 * suspension or strike stays (upheld) or goes (lifted: the suspension ends now, the
 * strike stops counting now). The member reads `reply`; both are audited.
 */
export function decideAppeal(
  actor: Staff,
  appealId: number,
  { lift, reply }: { lift: boolean; reply: string },
  now = new Date(),
): MeasureResult {
  return db().transaction((tx): MeasureResult => {
    const appeal = tx
      .select({
        id: memberAppeals.id,
        userId: memberAppeals.userId,
        suspensionId: memberAppeals.suspensionId,
        strikeId: memberAppeals.strikeId,
        subjectReason: sql<string>`coalesce(${memberSuspensions.reason}, ${memberStrikes.reason}, '')`,
        subjectEnds: sql<number>`coalesce(${memberSuspensions.until}, ${memberStrikes.expiresAt})`,
      })
      .from(memberAppeals)
      .leftJoin(memberSuspensions, eq(memberSuspensions.id, memberAppeals.suspensionId))
      .leftJoin(memberStrikes, eq(memberStrikes.id, memberAppeals.strikeId))
      .where(and(eq(memberAppeals.id, appealId), eq(memberAppeals.status, 'open')))
      .get();
    if (!appeal) return { ok: false, reason: 'not_found' };
    const target = targetOf(tx, actor, appeal.userId);
    if (!target.ok) return target;
    if (lift && appeal.suspensionId !== null) endSuspension(tx, appeal.userId, now, appeal.suspensionId);
    if (lift && appeal.strikeId !== null) {
      tx.update(memberStrikes)
        .set({ liftedAt: now, expiresAt: sql`min(${memberStrikes.expiresAt}, ${now.getTime()})` })
        .where(and(eq(memberStrikes.id, appeal.strikeId), isNull(memberStrikes.liftedAt)))
        .run();
    }
    tx.update(memberAppeals)
      .set({ status: lift ? 'lifted' : 'upheld', decidedAt: now, staffId: actor.id, staffName: actor.username, reply })
      .where(eq(memberAppeals.id, appeal.id))
      .run();
    notifyAppealDecision(tx, appeal.userId, appeal.id, now);
    const measure =
      appeal.suspensionId !== null
        ? `Suspension until ${shortDateTime(appeal.subjectEnds)} (${appeal.subjectReason})`
        : `Strike (${appeal.subjectReason})`;
    recordAudit(
      tx,
      actor,
      {
        action: lift ? 'lift-on-appeal' : 'uphold-appeal',
        targetType: 'user',
        targetId: appeal.userId,
        targetLabel: target.member.username,
        details: `${measure}: ${reply}`,
      },
      now,
    );
    return { ok: true, username: target.member.username };
  });
}
