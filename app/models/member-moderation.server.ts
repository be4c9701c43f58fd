import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { memberAppeals, memberStrikes, memberSuspensions, memberWarnings, moderatorNotes, users } from '../../db/schema';
import { type Actor, recordAudit } from './audit.server';
import { notifyAppealDecision, notifyStrike, notifySuspension, notifyWarning } from './notifications.server';
import { perDataVersion } from './version-cache.server';
import { targetOf } from './staff-targets.server';
import { activeSuspension, type SuspensionNotice } from '~/domain/member-moderation';
import type { CurrentUser } from '~/domain/users';
import type { Viewer } from '~/domain/permissions';
import { db, preparedOnce, type Writer } from '~/services/db.server';
import { DAY_MS, shortDateTime } from '~/utils/dates';

// Staff's measures on a member short of disabling them: warnings the member reads,
// strikes that expire, suspensions until a date, private notes. Each is taken only by
// someone the staff rule allows (targetOf: canModerateMember), in one transaction with
// its audit row. Strikes lead to nothing on their own: staff see the active count and decide.

type Staff = Viewer & Actor;

export type MeasureResult<Extra = unknown> = ({ ok: true; username: string } & Extra) | { ok: false; reason: 'not_found' | 'forbidden' };

const staffOf = (actor: Staff) => ({ staffId: actor.id, staffName: actor.username });

/** Warns a member: they see `message` on every page until they acknowledge it, and in their notifications. */
export function warnMember(actor: Staff, memberId: number, message: string, now = new Date()): MeasureResult<{ warningId: number }> {
  return db().transaction((tx) => {
    const target = targetOf(tx, actor, memberId);
    if (!target.ok) return target;
    const { id } = tx
      .insert(memberWarnings)
      .values({ userId: memberId, ...staffOf(actor), message, createdAt: now })
      .returning({ id: memberWarnings.id })
      .get();
    notifyWarning(tx, memberId, id, now);
    recordAudit(
      tx,
      actor,
      { action: 'warn-member', targetType: 'user', targetId: memberId, targetLabel: target.member.username, details: message },
      now,
    );
    return { ok: true, username: target.member.username, warningId: id };
  });
}

/** A strike that counts for `days` days from now. */
export function strikeMember(
  actor: Staff,
  memberId: number,
  { reason, days }: { reason: string; days: number },
  now = new Date(),
): MeasureResult<{ strikeId: number; expiresAt: Date }> {
  return db().transaction((tx) => {
    const target = targetOf(tx, actor, memberId);
    if (!target.ok) return target;
    const expiresAt = new Date(now.getTime() + days * DAY_MS);
    const { id } = tx
      .insert(memberStrikes)
      .values({ userId: memberId, ...staffOf(actor), reason, createdAt: now, expiresAt })
      .returning({ id: memberStrikes.id })
      .get();
    notifyStrike(tx, memberId, id, now);
    const details = `${reason} (counts until ${shortDateTime(expiresAt)})`;
    recordAudit(
      tx,
      actor,
      { action: 'strike-member', targetType: 'user', targetId: memberId, targetLabel: target.member.username, details },
      now,
    );
    return { ok: true, username: target.member.username, strikeId: id, expiresAt };
  });
}

/**
 * Suspends a member until `until`: they keep their sessions and may read, and every
 * write of theirs is refused until then (web/suspension-guard.server.ts), but for asking
 * a moderator to look again. It ends at its date with nothing to write. Suspending a
 * member already suspended changes the suspension in force (its end and reason), so an
 * appeal against it stays with it. The member is told, with the reason and the end.
 */
export function suspendMember(
  actor: Staff,
  memberId: number,
  { reason, until }: { reason: string; until: Date },
  now = new Date(),
): MeasureResult<{ suspensionId: number }> {
  return db().transaction((tx) => {
    const target = targetOf(tx, actor, memberId);
    if (!target.ok) return target;
    const running = currentSuspension(tx, memberId, now);
    const suspensionId = running
      ? tx
          .update(memberSuspensions)
          .set({ reason, until })
          .where(eq(memberSuspensions.id, running.id))
          .returning({ id: memberSuspensions.id })
          .get()!.id
      : tx
          .insert(memberSuspensions)
          .values({ userId: memberId, ...staffOf(actor), reason, until, createdAt: now })
          .returning({ id: memberSuspensions.id })
          .get().id;
    tx.update(users).set({ suspendedUntil: until }).where(eq(users.id, memberId)).run();
    notifySuspension(tx, memberId, suspensionId, now);
    const details = `Until ${shortDateTime(until)}: ${reason}`;
    recordAudit(
      tx,
      actor,
      { action: 'suspend-member', targetType: 'user', targetId: memberId, targetLabel: target.member.username, details },
      now,
    );
    return { ok: true, username: target.member.username, suspensionId };
  });
}

/**
 * Ends a member's suspension now (the one in force, `suspensionId` if given): the guard
 * lets their writes through again. Call it in the transaction that decides so.
 */
export function endSuspension(tx: Writer, memberId: number, now: Date, suspensionId?: number): void {
  const running = currentSuspension(tx, memberId, now);
  if (suspensionId === undefined || running?.id === suspensionId) {
    tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, memberId)).run();
  }
  const id = suspensionId ?? running?.id;
  if (id !== undefined) {
    tx.update(memberSuspensions)
      .set({ liftedAt: now })
      .where(and(eq(memberSuspensions.id, id), isNull(memberSuspensions.liftedAt)))
      .run();
  }
}

/**
 * Ends a member's suspension now. An appeal of theirs against it that was still waiting
 * is answered with `reason`: the suspension is lifted.
 */
export function liftSuspension(actor: Staff, memberId: number, reason: string, now = new Date()): MeasureResult {
  return db().transaction((tx) => {
    const target = targetOf(tx, actor, memberId);
    if (!target.ok) return target;
    const running = currentSuspension(tx, memberId, now);
    endSuspension(tx, memberId, now);
    if (running) {
      const answered = tx
        .update(memberAppeals)
        .set({ status: 'lifted', decidedAt: now, ...staffOf(actor), reply: reason })
        .where(and(eq(memberAppeals.suspensionId, running.id), eq(memberAppeals.status, 'open')))
        .returning({ id: memberAppeals.id })
        .all();
      for (const appeal of answered) notifyAppealDecision(tx, memberId, appeal.id, now);
    }
    recordAudit(
      tx,
      actor,
      { action: 'lift-suspension', targetType: 'user', targetId: memberId, targetLabel: target.member.username, details: reason },
      now,
    );
    return { ok: true, username: target.member.username };
  });
}

export type CurrentSuspension = { id: number; reason: string; until: Date; staffName: string; createdAt: Date };

/**
 * The suspension in force for a member at `now`, with its reason: the newest one not
 * lifted, while the member's row says they are suspended. Null when they are not.
 */
export function currentSuspension(reader: Pick<Writer, 'select'>, memberId: number, now = new Date()): CurrentSuspension | null {
  if (!suspensionOf(reader, memberId, now)) return null;
  return (
    reader
      .select({
        id: memberSuspensions.id,
        reason: memberSuspensions.reason,
        until: memberSuspensions.until,
        staffName: memberSuspensions.staffName,
        createdAt: memberSuspensions.createdAt,
      })
      .from(memberSuspensions)
      .where(and(eq(memberSuspensions.userId, memberId), isNull(memberSuspensions.liftedAt)))
      .orderBy(desc(memberSuspensions.createdAt), desc(memberSuspensions.id))
      .limit(1)
      .get() ?? null
  );
}

// Read again only once the data changed, as the warnings are: every page a suspended member opens shows it.
const noticeOf = perDataVersion(
  (memberId: number): Omit<SuspensionNotice, 'until'> | null => {
    const suspension = currentSuspension(db(), memberId);
    if (!suspension) return null;
    const appeal = db()
      .select({ status: memberAppeals.status })
      .from(memberAppeals)
      .where(eq(memberAppeals.suspensionId, suspension.id))
      .get();
    // A lifted appeal ended the suspension, so the one in force has none or a waiting or kept one.
    return { reason: suspension.reason, appeal: appeal?.status === 'open' ? 'open' : appeal ? 'upheld' : 'none' };
  },
  { max: 1000 },
);

/**
 * What a page says instead of its forms to the signed-in member while they are
 * suspended (the session's row says until when): the end, the reason, and where
 * their appeal is. Null for anyone else, with no read.
 */
export function suspensionNotice(member: Pick<CurrentUser, 'id' | 'suspendedUntil'> | null, now = Date.now()): SuspensionNotice | null {
  const until = member ? activeSuspension(member, now) : null;
  if (!member || !until) return null;
  const notice = noticeOf(member.id);
  return { until: until.getTime(), reason: notice?.reason ?? '', appeal: notice?.appeal ?? 'none' };
}

/** A private note on a member: staff read it on the member's staff page; the member never does. */
export function addModeratorNote(actor: Staff, memberId: number, body: string, now = new Date()): MeasureResult<{ noteId: number }> {
  return db().transaction((tx) => {
    const target = targetOf(tx, actor, memberId);
    if (!target.ok) return target;
    const { id } = tx
      .insert(moderatorNotes)
      .values({ userId: memberId, ...staffOf(actor), body, createdAt: now })
      .returning({ id: moderatorNotes.id })
      .get();
    recordAudit(
      tx,
      actor,
      { action: 'note-member', targetType: 'user', targetId: memberId, targetLabel: target.member.username, details: body },
      now,
    );
    return { ok: true, username: target.member.username, noteId: id };
  });
}

/**
 * Until when a member is suspended, read from their row as stored now; null when they
 * are not. The question the suspension guard asks of the session's member, for the
 * places that put something in front of other members on a member's behalf outside a
 * request the guard stands in front of (a guest's upload finished at sign-in, screening
 * listing a build): each asks it in its own transaction.
 */
export function suspensionOf(reader: Pick<Writer, 'select'>, memberId: number, now = new Date()): Date | null {
  const member = reader.select({ suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, memberId)).get();
  return member ? activeSuspension(member, now) : null;
}

export type ModeratorNote = { id: number; staffName: string; body: string; createdAt: Date };

/** A member's private notes, newest first. */
export function listModeratorNotes(memberId: number): ModeratorNote[] {
  return db()
    .select({ id: moderatorNotes.id, staffName: moderatorNotes.staffName, body: moderatorNotes.body, createdAt: moderatorNotes.createdAt })
    .from(moderatorNotes)
    .where(eq(moderatorNotes.userId, memberId))
    .orderBy(desc(moderatorNotes.createdAt), desc(moderatorNotes.id))
    .all();
}

/** Strikes that have not expired at `now`. */
export function activeStrikeCount(memberId: number, now = new Date()): number {
  return (
    db()
      .select({ n: count() })
      .from(memberStrikes)
      .where(and(eq(memberStrikes.userId, memberId), gt(memberStrikes.expiresAt, now)))
      .get()?.n ?? 0
  );
}

export type MemberStrike = {
  id: number;
  staffName: string;
  reason: string;
  createdAt: Date;
  expiresAt: Date;
  active: boolean;
  /** Withdrawn on the member's appeal. */
  liftedAt: Date | null;
};
export type MemberWarning = { id: number; staffName: string; message: string; createdAt: Date; acknowledgedAt: Date | null };

/** What staff see of a member's standing: the suspension while it runs (with its reason), every strike and warning, newest first. */
export function memberStanding(memberId: number, now = new Date()) {
  const member = db()
    .select({ suspendedUntil: users.suspendedUntil, isDisabled: users.isDisabled })
    .from(users)
    .where(eq(users.id, memberId))
    .get();
  if (!member) return null;
  const strikes: MemberStrike[] = db()
    .select({
      id: memberStrikes.id,
      staffName: memberStrikes.staffName,
      reason: memberStrikes.reason,
      createdAt: memberStrikes.createdAt,
      expiresAt: memberStrikes.expiresAt,
      liftedAt: memberStrikes.liftedAt,
    })
    .from(memberStrikes)
    .where(eq(memberStrikes.userId, memberId))
    .orderBy(desc(memberStrikes.createdAt), desc(memberStrikes.id))
    .all()
    .map((strike) => ({ ...strike, active: strike.expiresAt.getTime() > now.getTime() }));
  const warnings: MemberWarning[] = db()
    .select({
      id: memberWarnings.id,
      staffName: memberWarnings.staffName,
      message: memberWarnings.message,
      createdAt: memberWarnings.createdAt,
      acknowledgedAt: memberWarnings.acknowledgedAt,
    })
    .from(memberWarnings)
    .where(eq(memberWarnings.userId, memberId))
    .orderBy(desc(memberWarnings.createdAt), desc(memberWarnings.id))
    .all();
  return {
    isDisabled: member.isDisabled,
    suspendedUntil: activeSuspension(member, now),
    suspension: currentSuspension(db(), memberId, now),
    activeStrikes: strikes.filter((strike) => strike.active).length,
    strikes,
    warnings,
  };
}

export type OwnWarning = { id: number; message: string; createdAt: Date };

// Built once, as drizzle would build its SQL again on every call.
const unacknowledged = preparedOnce((connection) =>
  connection
    .select({ id: memberWarnings.id, message: memberWarnings.message, createdAt: memberWarnings.createdAt })
    .from(memberWarnings)
    .where(and(eq(memberWarnings.userId, sql.placeholder('userId')), isNull(memberWarnings.acknowledgedAt)))
    .orderBy(memberWarnings.createdAt, memberWarnings.id)
    .prepare(),
);

/**
 * The warnings a member has not acknowledged yet, oldest first: the notice every page
 * shows them, read again only once the data changed (a warning given or acknowledged
 * is a write). The list is shared by every caller: never change it.
 */
export const unacknowledgedWarnings = perDataVersion((userId: number): OwnWarning[] => unacknowledged().all({ userId }), {
  max: 10_000,
});

/** Every warning a member was given, newest first, with whether they acknowledged it (their /warnings page). */
export function ownWarnings(userId: number): (OwnWarning & { acknowledgedAt: Date | null })[] {
  return db()
    .select({
      id: memberWarnings.id,
      message: memberWarnings.message,
      createdAt: memberWarnings.createdAt,
      acknowledgedAt: memberWarnings.acknowledgedAt,
    })
    .from(memberWarnings)
    .where(eq(memberWarnings.userId, userId))
    .orderBy(desc(memberWarnings.createdAt), desc(memberWarnings.id))
    .all();
}

/** The member acknowledges one of their own warnings: its notice goes. False when it is not theirs or already acknowledged. */
export function acknowledgeWarning(userId: number, warningId: number, now = new Date()): boolean {
  return (
    db()
      .update(memberWarnings)
      .set({ acknowledgedAt: now })
      .where(and(eq(memberWarnings.id, warningId), eq(memberWarnings.userId, userId), isNull(memberWarnings.acknowledgedAt)))
      .run().changes === 1
  );
}
