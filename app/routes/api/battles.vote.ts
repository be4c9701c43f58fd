import type { Route } from './+types/battles.vote';
import { battleVoteBodySchema } from '~/api/contract/battles';
import { apiBattleReveal } from '~/api/serialize.server';
import { type ApiErrorStatus, apiRefusal, readJson, requireApiUser } from '~/api/request.server';
import { type BattleVoteRefusal, castBattleVote, revealBattle } from '~/models/battles.server';
import { ratingNetworkOf } from '~/web/rating-network.server';

const REFUSALS: Record<BattleVoteRefusal, ApiErrorStatus> = {
  invalid: 400,
  not_found: 404,
  own_build: 403,
  level: 403,
  already_voted: 409,
  rate_limited: 429,
};

/** POST /api/battles/vote {first, second, choice}: the signed-in member's vote; answers the pair revealed. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const { first, second, choice } = await readJson(args.request, battleVoteBodySchema);
  const result = castBattleVote({ voterId: user.id, first, second, choice, network: ratingNetworkOf(args.request) });
  if (!result.ok) return apiRefusal({ status: REFUSALS[result.reason], message: result.message, retryAfterMs: result.retryAfterMs });
  const reveal = revealBattle(user.id, result.low, result.high);
  // Hidden by a moderator a moment ago: the vote stands, but the pair is gone from view.
  if (!reveal) return apiRefusal({ status: 404, message: 'That pair is no longer in battles' });
  return Response.json({ builds: apiBattleReveal(reveal), choice });
}
