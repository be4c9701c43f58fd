// Who may do what on the admin side (docs/product.md §6). Pure, so the screens that hide a
// button and the actions that refuse the request ask the same question. Whom staff
// may act on is one rule of its own: member-moderation.ts, canModerateMember.

export type Viewer = { id: number; isAdmin: boolean; isModerator: boolean };

/** Admins and moderators: they may open the moderation queue and clean up content. */
export function isStaff(viewer: Pick<Viewer, 'isAdmin' | 'isModerator'> | null): boolean {
  return Boolean(viewer && (viewer.isAdmin || viewer.isModerator));
}
