import { apiCompetition } from '~/api/serialize';
import { apiPastCompetitions } from '~/api/serialize.server';
import { listActiveCompetitions, listPastCompetitions, listUpcomingCompetitions } from '~/models/competitions.server';

/** GET /api/competitions: active, upcoming and past competitions, the past ones with their winners. */
export function loader() {
  const now = new Date();
  return Response.json({
    active: listActiveCompetitions(now).map(apiCompetition),
    upcoming: listUpcomingCompetitions(now).map(apiCompetition),
    past: apiPastCompetitions(listPastCompetitions(now)),
  });
}
