// What staff (and the command line) do that the audit log records: each action's code,
// as it is stored and as the API names it, and the sentence people read. One table, so
// a new action without words fails the typecheck instead of showing its code.

export const AUDIT_ACTIONS = {
  'delete-build': 'Deleted build',
  'disable-member': 'Disabled member',
  'enable-member': 'Enabled member',
  'grant-moderator-member': 'Made moderator',
  'remove-moderator-member': 'Removed moderator',
  'delete-member': 'Deleted member',
  'delete-own-account': 'Deleted their own account',
  'grant-admin': 'Made admin',
  'revoke-admin': 'Removed admin',
  'approve-build': 'Approved build',
  'reject-build': 'Rejected build',
  'approve-photo': 'Showed held photo',
  'reject-photo': 'Removed held photo',
  'hide-build': 'Hid build',
  'delete-comment': 'Deleted comment',
  'dismiss-report': 'Dismissed report',
  'act-on-report': 'Acted on report',
  'retry-roast': 'Retried roast',
  'create-competition': 'Created competition',
  'edit-competition': 'Edited competition',
  'end-competition': 'Ended competition',
  'close-competition': 'Closed competition',
  'discount-ratings': 'Discounted ratings',
  'restore-ratings': 'Restored ratings',
  'warn-member': 'Warned member',
  'strike-member': 'Gave a strike',
  'suspend-member': 'Suspended member',
  'lift-suspension': 'Lifted suspension',
  'note-member': 'Added private note',
  'uphold-appeal': 'Upheld on appeal',
  'lift-on-appeal': 'Lifted on appeal',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The sentence for an action's code; a code this version does not know (from a later one) is shown as it is. */
export function auditActionText(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}
