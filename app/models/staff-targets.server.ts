import { eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Actor } from './audit.server';
import { canModerateMember, type StaffTarget } from '~/domain/member-moderation';
import type { Viewer } from '~/domain/permissions';
import { db, type Writer } from '~/services/db.server';

// Members as the staff rule (canModerateMember) reads them: every staff action on a
// member reads its target here, in its own transaction, and asks that one rule.

/**
 * Whether the member (the `users` row of the query) sits on the jury of a competition
 * that has not closed: upcoming, running, or ended and not yet counted. The table is
 * named: inside the subquery a bare "id" would be the competition's.
 */
export const judging = sql<boolean>`exists (
  select 1 from competition_jurors j join competitions c on c.id = j.competition_id
  where j.user_id = ${users}.id and c.closed_at is null
)`.mapWith(Boolean);

const targetColumns = { id: users.id, username: users.username, isAdmin: users.isAdmin, isModerator: users.isModerator, judging };

export type NamedStaffTarget = StaffTarget & { username: string };

/** The members among `ids`, as the staff rule reads them. */
export function staffTargets(ids: number[]): Map<number, NamedStaffTarget> {
  if (ids.length === 0) return new Map();
  const rows = db().select(targetColumns).from(users).where(inArray(users.id, ids)).all();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The member `actor` means to act on, if they exist and `rule` (the staff rule unless
 * an admins' measure narrows it) lets `actor` act on them.
 */
export function targetOf(
  tx: Pick<Writer, 'select'>,
  actor: Viewer & Actor,
  memberId: number,
  rule: (viewer: Viewer, target: StaffTarget) => boolean = canModerateMember,
): { ok: true; member: NamedStaffTarget } | { ok: false; reason: 'not_found' | 'forbidden' } {
  const member = tx.select(targetColumns).from(users).where(eq(users.id, memberId)).get();
  if (!member) return { ok: false, reason: 'not_found' };
  if (!rule(actor, member)) return { ok: false, reason: 'forbidden' };
  return { ok: true, member };
}
