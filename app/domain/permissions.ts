// Who may do what on the admin side (spec §6). Pure, so the screens that hide a
// button and the actions that refuse the request ask the same question.

export type Viewer = { id: number; isAdmin: boolean; isModerator: boolean };

/** Admins and moderators: they may open the moderation queue and clean up content. */
export function isStaff(viewer: Pick<Viewer, 'isAdmin' | 'isModerator'> | null): boolean {
  return Boolean(viewer && (viewer.isAdmin || viewer.isModerator));
}

/**
 * Whether `viewer` may disable, enable, delete, or grant or remove moderator for
 * `target`: admins only, never on an admin, never on themselves.
 */
export function canManageMember(viewer: Viewer | null, target: { id: number; isAdmin: boolean }): boolean {
  return Boolean(viewer?.isAdmin && !target.isAdmin && viewer.id !== target.id);
}
