import type { Route } from './+types/competitions.detail';
import { apiError, pathId } from '~/api/request.server';
import { apiCompetitionDetail } from '~/api/serialize.server';
import { competitionStandings } from '~/models/competition-standings.server';
import { findCompetition, winnersOf } from '~/models/competitions.server';

/** GET /api/competitions/{id}: the competition, its standings, and every placement once it is closed. */
export function loader({ params }: Route.LoaderArgs) {
  const competition = findCompetition(pathId(params.id, 'Competition not found'));
  if (!competition) return apiError(404, 'Competition not found');
  const placements = competition.closedAt
    ? (winnersOf([competition.id], () => competition.prizes, Number.MAX_SAFE_INTEGER).get(competition.id) ?? [])
    : null;
  return Response.json(apiCompetitionDetail(competition, competitionStandings(competition), placements));
}
