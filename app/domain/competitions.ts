// What a competition looks like to its pages and the API: the view types the models return.

import type { NamedBuild } from './builds';

export type CompetitionStatus = 'upcoming' | 'active' | 'ended';

/**
 * Contest mode (decision 019): from its start until the closing job has fixed its result,
 * a competition's standing is nobody's to see, and nothing ranks its entries by the ratings
 * that decide it.
 */
export function inContest(competition: { startDate: Date; closedAt: Date | null }, now: Date): boolean {
  return competition.closedAt === null && competition.startDate <= now;
}

/** What a competition card shows (spec §4), on /competitions, the home page and in the API. */
export type CompetitionCard = {
  id: number;
  title: string;
  theme: string;
  description: string;
  startDate: Date;
  endDate: Date;
  prizes: string[];
  badgeUrl: string | null;
  status: CompetitionStatus;
  /** Entries whose build is listed: the ones that stand. */
  entryCount: number;
};

/** A place won, by whom and with which build: null once that build is not listed (the place stays theirs). */
export type Winner = {
  placement: number;
  prize: string | null;
  userId: number;
  username: string;
  build: NamedBuild | null;
};

/** The jury prize's winner: the entry the jurors' stars placed first. */
export type JuryWinner = Omit<Winner, 'placement' | 'prize'>;

export type PastCompetition = CompetitionCard & { closedAt: Date; winners: Winner[]; juryWinner: JuryWinner | null };
