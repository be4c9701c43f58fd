import type { Route } from './+types/battles.leaderboard';
import { apiBattleLeaderboard } from '~/api/serialize.server';
import { limitParam } from '~/api/request.server';
import { battleLeaderboard } from '~/models/battles.server';

/** GET /api/battles/leaderboard?limit=: listed builds by their conservative battle score, best first. */
export function loader({ url }: Route.LoaderArgs) {
  return Response.json(apiBattleLeaderboard(battleLeaderboard(limitParam(url, 50, 100))));
}
