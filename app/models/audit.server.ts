import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { AuditAction } from '~/domain/audit-actions';
import { db, type Writer } from '~/services/db.server';

export type AuditTarget = (typeof auditLog.$inferInsert)['targetType'];

/** Who acted: a signed-in member, or the command line (no account). */
export type Actor = { id: number | null; username: string };

export const COMMAND_LINE_ACTOR: Actor = { id: null, username: 'command line' };

export type AuditEntry = {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number;
  /** What the target was called (a title, a username): it may be deleted. */
  targetLabel: string;
  details?: string;
};

/** Writes one audit row; call it in the transaction that does what it records. */
export function recordAudit(writer: Writer, actor: Actor, entry: AuditEntry, now = new Date()): void {
  writer
    .insert(auditLog)
    .values({ actorId: actor.id, actorName: actor.username, ...entry, details: entry.details ?? '', createdAt: now })
    .run();
}

/** A row of the log; `targetUsername` is the current name of the member it acted on, while they have an account (their staff page is there). */
export type AuditRow = typeof auditLog.$inferSelect & { targetUsername: string | null };

/** A page of the audit log, newest first, optionally one actor's. */
export function listAudit({ actorId, limit, offset }: { actorId?: number; limit: number; offset: number }): {
  rows: AuditRow[];
  total: number;
} {
  const where = actorId === undefined ? undefined : eq(auditLog.actorId, actorId);
  const rows = db()
    .select({ ...getTableColumns(auditLog), targetUsername: users.username })
    .from(auditLog)
    .leftJoin(users, and(eq(auditLog.targetType, 'user'), eq(users.id, auditLog.targetId)))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db().select({ total: count() }).from(auditLog).where(where).get()?.total ?? 0;
  return { rows, total };
}

/** Everyone who has acted and still has an account, under their current name, for the actor filter. */
export function listAuditActors(): { id: number; username: string }[] {
  return db()
    .selectDistinct({ id: users.id, username: users.username })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(users.username)
    .all();
}
