import { and, desc, eq, inArray, isNotNull, lte, or, type SQL } from 'drizzle-orm';
import { builds, competitionEntries, competitions } from '../../db/schema';
import { listed, namedBuild, namedBuildColumns } from './builds.server';
import { db } from '~/services/db.server';
import { type CompetitionWin, prizeLines, WINNER_PLACES } from '~/domain/competitions';

/** A place on the community's podium: one of the first WINNER_PLACES. */
export const podiumPlace = lte(competitionEntries.placement, WINNER_PLACES);

/** The jury prize: the entry the jurors' stars placed first. */
export const juryPrize = eq(competitionEntries.juryPlacement, 1);

/**
 * The one rule for what was won: an entry of a closed competition (its result is fixed
 * and published) that took a podium place or the jury prize. One entry may win both.
 */
const won = and(isNotNull(competitions.closedAt), or(podiumPlace, juryPrize));

function winningEntries(which: SQL | undefined) {
  return db()
    .select({
      competitionId: competitions.id,
      competitionTitle: competitions.title,
      closedAt: competitions.closedAt,
      badgeUrl: competitions.badgeUrl,
      prizeDescription: competitions.prizeDescription,
      placement: competitionEntries.placement,
      juryPlacement: competitionEntries.juryPlacement,
      userId: competitionEntries.userId,
      build: namedBuildColumns,
    })
    .from(competitionEntries)
    .innerJoin(competitions, eq(competitions.id, competitionEntries.competitionId))
    .innerJoin(builds, eq(builds.id, competitionEntries.buildId))
    .where(and(won, which))
    .orderBy(desc(competitions.closedAt), desc(competitions.id))
    .all();
}

type WinningEntry = ReturnType<typeof winningEntries>[number];

/** An entry's wins: its podium place (with the prize line of that place), then its jury prize. */
function winsOf({ competitionId, competitionTitle, closedAt, badgeUrl, prizeDescription, placement, juryPlacement, build }: WinningEntry) {
  const base = { competitionId, competitionTitle, closedAt: closedAt!, badgeUrl, build: namedBuild(build) };
  const prizes = prizeLines(prizeDescription);
  const wins: CompetitionWin[] = [];
  if (placement !== null && placement <= WINNER_PLACES) {
    wins.push({ ...base, prize: { kind: 'place', place: placement }, prizeText: prizes[placement - 1] ?? null });
  }
  if (juryPlacement === 1) wins.push({ ...base, prize: { kind: 'jury' }, prizeText: null });
  return wins;
}

/**
 * What a member won, the latest first: their trophy case. A win stays theirs when its
 * build is no longer listed; the build is then not named (null).
 */
export function memberWins(userId: number): CompetitionWin[] {
  return winningEntries(eq(competitionEntries.userId, userId)).flatMap(winsOf);
}

/**
 * What each of `buildIds` won, the latest first: their ribbons. A build that is not
 * listed is never named beside a win, so it has none here (an empty list).
 */
export function buildWins(buildIds: number[]): Map<number, CompetitionWin[]> {
  const wins = new Map<number, CompetitionWin[]>(buildIds.map((id) => [id, []]));
  if (buildIds.length === 0) return wins;
  for (const entry of winningEntries(and(inArray(competitionEntries.buildId, buildIds), listed))) {
    wins.get(entry.build.id)!.push(...winsOf(entry));
  }
  return wins;
}
