import { apiCompetition } from '~/api/serialize';
import { listActiveCompetitions } from '~/models/competitions.server';

/** GET /api/competitions/active (docs/product.md §7): the competitions open now. */
export function loader() {
  return Response.json(listActiveCompetitions().map(apiCompetition));
}
