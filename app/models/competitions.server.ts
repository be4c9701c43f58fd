import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { competitions } from '../../db/schema';
import { db } from '~/services/db.server';

export type CompetitionCard = {
  id: number;
  title: string;
  theme: string;
  description: string;
  endDate: Date;
  prizes: string[];
};

/** Competitions open right now, the one ending soonest first. */
export function listActiveCompetitions(now = new Date()): CompetitionCard[] {
  return db()
    .select({
      id: competitions.id,
      title: competitions.title,
      theme: competitions.theme,
      description: competitions.description,
      endDate: competitions.endDate,
      prizeDescription: competitions.prizeDescription,
    })
    .from(competitions)
    .where(and(eq(competitions.isActive, true), lte(competitions.startDate, now), gt(competitions.endDate, now)))
    .orderBy(asc(competitions.endDate))
    .all()
    .map(({ prizeDescription, ...competition }) => ({
      ...competition,
      prizes: prizeDescription
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    }));
}

export type NewCompetition = {
  title: string;
  description: string;
  theme: string;
  rules?: string;
  prizes: string[];
  startDate: Date;
  endDate: Date;
};

/** Adds a competition (admin tools, demo data). */
export function createCompetition(competition: NewCompetition): number {
  const { prizes, ...rest } = competition;
  return db()
    .insert(competitions)
    .values({ ...rest, prizeDescription: prizes.join('\n') })
    .returning({ id: competitions.id })
    .get().id;
}
