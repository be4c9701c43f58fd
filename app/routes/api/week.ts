import type { Route } from './+types/week';
import { thisWeek } from '~/models/week-digest.server';

/** GET /api/week: the week on RigRoast, as the Monday digest tells it. */
export function loader(_args: Route.LoaderArgs) {
  return Response.json(thisWeek(), { headers: { 'Cache-Control': 'public, max-age=300' } });
}
