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
/** What a member may write when asking a moderator to look again. */
export const APPEAL_MAX_LENGTH = 1000;

/** Where a member reads their suspension and strikes and asks a moderator to look again. */
export const STANDING_PATH = '/standing';

/** What a member may ask a moderator to look at again: the suspension in force, or a strike that still counts. */
export type AppealSubject = 'suspension' | 'strike';
/** Waiting in the queue; or decided: the measure stays (upheld) or goes (lifted). */
export type AppealStatus = 'open' | 'upheld' | 'lifted';

/**
 * The suspension in force as its member reads it where forms were: when it ends, why,
 * and where their one appeal against it is (not sent, waiting, or kept by a moderator).
 */
export type SuspensionNotice = { until: number; reason: string; appeal: 'none' | 'open' | 'upheld' };

/** A member as the staff rule reads them. */
export type StaffTarget = {
  id: number;
  isAdmin: boolean;
  isModerator: boolean;
  /** Sits on the jury of a competition that has not closed: their stars and their standing are part of its result. */
  judging: boolean;
};

/**
 * The one rule for whether `viewer` may act on `target`, asked by every staff action on
 * a member (warn, strike, suspend or lift, note, discount or restore their ratings; and
 * the admins' own measures, canManageMember): staff, never on themselves or an admin;
 * a moderator never on another moderator, nor on a juror of a competition that has not
 * closed, whose ratings and standing are the jury's decision (the admins name the jury,
 * so they decide about its members until the result is fixed).
 */
export function canModerateMember(viewer: Viewer | null, target: StaffTarget): boolean {
  return staffRefusal(viewer, target) === null;
}

/** Which part of the staff rule refuses `viewer` on `target`, as staff are told it; null when it allows them. */
export function staffRefusal(viewer: Viewer | null, target: StaffTarget): string | null {
  if (!viewer || !isStaff(viewer)) return 'Only staff act on members.';
  if (viewer.id === target.id) return 'Staff never act on their own account: another moderator or an admin decides.';
  if (target.isAdmin) return 'Staff never act on an admin.';
  if (viewer.isAdmin) return null;
  if (target.isModerator) return 'Moderators do not act on another moderator: an admin may.';
  if (target.judging)
    return 'This member sits on the jury of a competition that has not closed: until its result is fixed, an admin decides about them.';
  return null;
}

/** Whether `viewer` may disable, enable, delete, or grant or remove moderator for `target`: the same rule, for admins only. */
export function canManageMember(viewer: Viewer | null, target: StaffTarget): boolean {
  return Boolean(viewer?.isAdmin) && canModerateMember(viewer, target);
}

/** What staff are told when the rule refuses them. */
export const STAFF_RULE_REFUSAL =
  'Staff never act on their own account or on an admin, and moderators not on another moderator or on a juror of a competition that has not closed (an admin may).';

/** When a member's suspension ends, while it runs; null once it has (a suspension ends at its date, with no write). */
export function activeSuspension(member: { suspendedUntil: Date | null }, now: Date | number = Date.now()): Date | null {
  return member.suspendedUntil && member.suspendedUntil.getTime() > Number(now) ? member.suspendedUntil : null;
}

/**
 * Why screening held what it would have listed: its owner was suspended by then, and a
 * suspended member puts nothing new in front of others, so a moderator decides.
 */
export const HELD_WHILE_SUSPENDED = 'Your account was suspended while this photo was being checked, so a moderator will look at it first.';
