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

/** What a competition card shows (docs/product.md §4), on /competitions, the home page and in the API. */
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

/** A closed competition's listed entry that took no place: nobody voted for it, or its build was not listed as it closed. */
export type UnplacedEntry = { buildId: number; title: string; username: string; why: 'no votes' | 'not listed' };

export type PastCompetition = CompetitionCard & { closedAt: Date; winners: Winner[]; juryWinner: JuryWinner | null };

/** How many places of a closed competition win (its podium, with the prize lines of those places). */
export const WINNER_PLACES = 3;

/** The stored prize text (one prize per line) as its non-empty lines: line N is the prize of place N. */
export function prizeLines(prizeDescription: string): string[] {
  return prizeDescription
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What a win was: a place on the community's podium, or the jury prize. */
export type Prize = { kind: 'place'; place: number } | { kind: 'jury' };

/**
 * A win, in a member's trophy case and on the winning build's ribbon: a podium place or
 * the jury prize of a closed competition.
 */
export type CompetitionWin = {
  competitionId: number;
  competitionTitle: string;
  closedAt: Date;
  /** The competition's badge; null draws the default one. */
  badgeUrl: string | null;
  prize: Prize;
  /** The prize line the competition promised that place ("1st: the Golden Zip Tie badge"); null without one. */
  prizeText: string | null;
  /** The winning build; null once it is not listed (the win stays the member's). */
  build: NamedBuild | null;
};

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st. */
export function ordinal(place: number): string {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/** A win in words: "1st place", "Jury prize". */
export function prizeName(prize: Prize): string {
  return prize.kind === 'jury' ? 'Jury prize' : `${ordinal(prize.place)} place`;
}
