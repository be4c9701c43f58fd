import type { Route } from './+types/builds.leaderboard';
import { apiLeaderboard } from '~/api/serialize.server';
import { LEADERBOARD_DEPTH, leaderboard, parsePeriod } from '~/models/leaderboards.server';
import { limitParam } from '~/api/request.server';
import { LEADERBOARD_LIMIT } from '~/utils/constants';

/**
 * GET /api/builds/leaderboard/{period}?limit= (docs/product.md §7): a period's best builds
 * as the leaderboard job last ranked them; an unknown period is today's board.
 */
export function loader({ params, url }: Route.LoaderArgs) {
  return Response.json(apiLeaderboard(leaderboard(parsePeriod(params.period), limitParam(url, LEADERBOARD_LIMIT, LEADERBOARD_DEPTH))));
}
