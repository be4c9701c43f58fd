// Staff's measures short of disabling a member (warnings, strikes, suspensions,
// private notes): who may take them, and what a suspension means. Pure, so the
// staff page that hides a form and the model that refuses the action agree.

import { isStaff, type Viewer } from './permissions';

export const WARNING_MAX_LENGTH = 1000;
export const REASON_MAX_LENGTH = 500;
export const NOTE_MAX_LENGTH = 2000;
/** A strike counts for this many days unless staff say otherwise. */
export const STRIKE_DEFAULT_DAYS = 90;
export const STRIKE_MAX_DAYS = 365;
/** Longer than this is no longer temporary: disable the member instead. */
export const SUSPENSION_MAX_DAYS = 365;

/**
 * Whether `viewer` may warn, strike, suspend or note `target`: staff, never on
 * themselves or an admin; a moderator never on another moderator.
 */
export function canModerateMember(viewer: Viewer | null, target: { id: number; isAdmin: boolean; isModerator: boolean }): boolean {
  if (!viewer || !isStaff(viewer) || viewer.id === target.id || target.isAdmin) return false;
  return viewer.isAdmin || !target.isModerator;
}

/** When a member's suspension ends, while it runs; null once it has (a suspension ends at its date, with no write). */
export function activeSuspension(member: { suspendedUntil: Date | null }, now: Date | number = Date.now()): Date | null {
  return member.suspendedUntil && member.suspendedUntil.getTime() > Number(now) ? member.suspendedUntil : null;
}

/**
 * Why screening held what it would have listed: its owner was suspended by then, and a
 * suspended member puts nothing new in front of others, so a moderator decides.
 */
export const HELD_WHILE_SUSPENDED = 'Your account was suspended while this photo was being checked, so a moderator will look at it first.';
