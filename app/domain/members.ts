// A member as their public page and the API show them: the view types the models return.

import type { NamedBuild } from './builds';

/** How long a member's old name still leads to them after a rename. */
export const FORMER_USERNAME_DAYS = 90;

/** What anyone may see of a member: never their e-mail address, role or settings. */
export type PublicMember = {
  id: number;
  username: string;
  avatarUrl: string;
  bio: string;
  level: number;
  createdAt: Date;
};

/** A closed competition the member entered, and where their entry finished. */
export type CompetitionPlacement = {
  competitionId: number;
  competitionTitle: string;
  closedAt: Date;
  placement: number;
  /** Entries that were placed: "3rd of 8". */
  entrants: number;
  /** The placed build; null once it is not listed. */
  build: NamedBuild | null;
};
