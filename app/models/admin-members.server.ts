import { type AnyColumn, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { type Actor, recordAudit } from './audit.server';
import { eraseMember, finishErasing } from './account-deletion.server';
import { judging } from './staff-targets.server';
import { canManageMember } from '~/domain/member-moderation';
import type { Viewer } from '~/domain/permissions';
import { deleteUserSessions } from './sessions.server';
import { normalizeEmail } from './users.server';
import { db } from '~/services/db.server';
import { counted } from '~/utils/count';

export type MemberRow = {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  isModerator: boolean;
  isDisabled: boolean;
  /** As stored: compare it with the clock (domain/member-moderation activeSuspension). */
  suspendedUntil: Date | null;
  createdAt: Date;
  /** Sits on the jury of a competition that has not closed (the staff rule reads it). */
  judging: boolean;
};

const memberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  isDisabled: users.isDisabled,
  suspendedUntil: users.suspendedUntil,
  createdAt: users.createdAt,
  judging,
};

/** `text` as a LIKE pattern that matches it literally anywhere (case-insensitive for ASCII). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column` contains `text` literally. */
export const likeContains = (column: AnyColumn | SQL, text: string) => sql`${column} like ${containsPattern(text)} escape '\\'`;

/** A page of members, newest first, whose name or address contains `q`. */
export function listMembers({ q, limit, offset }: { q: string; limit: number; offset: number }): { rows: MemberRow[]; total: number } {
  const where = q ? or(likeContains(users.username, q), likeContains(users.email, q)) : undefined;
  const rows = db()
    .select(memberColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db().select({ total: count() }).from(users).where(where).get()?.total ?? 0;
  return { rows, total };
}

export function findMember(id: number): MemberRow | null {
  return db().select(memberColumns).from(users).where(eq(users.id, id)).get() ?? null;
}

export type MemberChange = 'disable' | 'enable' | 'grant-moderator' | 'remove-moderator' | 'delete';
export type MemberChangeResult = { ok: true; member: MemberRow } | { ok: false; reason: 'not_found' | 'forbidden' };

/**
 * Disables or enables a member, or grants or removes moderator, if `actor` may
 * (see canManageMember), with its audit row. Disabling ends every session of
 * theirs at once, and sign-in refuses them until an admin enables them again.
 */
export function changeMember(
  actor: Viewer & Actor,
  memberId: number,
  change: Exclude<MemberChange, 'delete'>,
  now = new Date(),
): MemberChangeResult {
  return db().transaction((tx) => {
    const member = tx.select(memberColumns).from(users).where(eq(users.id, memberId)).get();
    if (!member) return { ok: false, reason: 'not_found' } as const;
    if (!canManageMember(actor, member)) return { ok: false, reason: 'forbidden' } as const;
    const values = {
      disable: { isDisabled: true },
      enable: { isDisabled: false },
      'grant-moderator': { isModerator: true },
      'remove-moderator': { isModerator: false },
    }[change];
    tx.update(users).set(values).where(eq(users.id, memberId)).run();
    if (change === 'disable') deleteUserSessions(memberId, tx);
    recordAudit(tx, actor, { action: `${change}-member`, targetType: 'user', targetId: memberId, targetLabel: member.username }, now);
    return { ok: true, member: { ...member, ...values } } as const;
  });
}

/**
 * Deletes a member for good, if `actor` may (eraseMember): their builds and photos,
 * their ratings (out of every score) and comments, their sessions; then removes the
 * photos and avatar nothing else uses.
 */
export async function deleteMember(actor: Viewer & Actor, memberId: number, now = new Date()): Promise<MemberChangeResult> {
  const result = db().transaction((tx) => {
    const member = tx.select(memberColumns).from(users).where(eq(users.id, memberId)).get();
    if (!member) return { ok: false, reason: 'not_found' } as const;
    if (!canManageMember(actor, member)) return { ok: false, reason: 'forbidden' } as const;
    const erased = eraseMember(tx, memberId, { keepComments: false, now })!;
    recordAudit(
      tx,
      actor,
      {
        action: 'delete-member',
        targetType: 'user',
        targetId: memberId,
        targetLabel: member.username,
        details: `${counted(erased.buildCount, 'build', 'builds')} deleted with the account`,
      },
      now,
    );
    return { ok: true, member, erased } as const;
  });
  if (!result.ok) return result;
  await finishErasing(result.erased);
  return { ok: true, member: result.member };
}

export type AdminGrantResult = { ok: true; username: string; changed: boolean } | { ok: false; reason: 'not_found' };

/**
 * Makes the member with this address an admin, or stops them being one (the
 * command line's `npm run admin`), with its audit row. Granting also ends any
 * moderator role, which admins do not have beside theirs.
 */
export function setAdmin(email: string, isAdmin: boolean, actor: Actor, now = new Date()): AdminGrantResult {
  return db().transaction((tx) => {
    const member = tx
      .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
      .get();
    if (!member) return { ok: false, reason: 'not_found' } as const;
    if (member.isAdmin === isAdmin) return { ok: true, username: member.username, changed: false } as const;
    tx.update(users)
      .set(isAdmin ? { isAdmin, isModerator: false } : { isAdmin })
      .where(eq(users.id, member.id))
      .run();
    recordAudit(
      tx,
      actor,
      { action: isAdmin ? 'grant-admin' : 'revoke-admin', targetType: 'user', targetId: member.id, targetLabel: member.username },
      now,
    );
    return { ok: true, username: member.username, changed: true } as const;
  });
}
