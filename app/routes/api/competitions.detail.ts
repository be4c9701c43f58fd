import type { Route } from './+types/competitions.detail';
import { apiError, pathId } from '~/api/request.server';
import { apiCompetitionDetail } from '~/api/serialize.server';
import { contestEntries } from '~/models/competition-contest.server';
import { closedStandings } from '~/models/competition-standings.server';
import { findCompetition, juryWinnersOf, winnersOf } from '~/models/competitions.server';
import { contestVisitor } from '~/web/contest-visitor.server';
import { currentUser } from '~/web/session.server';

/**
 * GET /api/competitions/{id}: the competition; while it runs (contest mode) its
 * entries in the caller's own order with no score, once closed its standings,
 * every placement and the jury prize.
 */
export function loader(args: Route.LoaderArgs) {
  const competition = findCompetition(pathId(args.params.id, 'Competition not found'));
  if (!competition) return apiError(404, 'Competition not found');
  const { closedAt } = competition;
  if (!closedAt) {
    const viewer = currentUser(args);
    const entries = competition.contest ? contestEntries(competition.id, contestVisitor(args.request, viewer), viewer?.id ?? null) : null;
    return Response.json(apiCompetitionDetail(competition, { entries }));
  }
  return Response.json(
    apiCompetitionDetail(competition, {
      standings: closedStandings({ ...competition, closedAt }).standings,
      placements: winnersOf([competition.id], () => competition.prizes, Number.MAX_SAFE_INTEGER).get(competition.id) ?? [],
      juryWinner: juryWinnersOf([competition.id]).get(competition.id) ?? null,
    }),
  );
}
