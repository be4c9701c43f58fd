/** What every page knows about the signed-in member. */
export type CurrentUser = {
  id: number;
  username: string;
  email: string;
  avatarUrl: string;
  isAdmin: boolean;
  isModerator: boolean;
  /** Set while a staff suspension may run; compare it with the clock (domain/member-moderation activeSuspension). */
  suspendedUntil: Date | null;
};
