import type { Route } from './+types/battles.next';
import { apiBattlePair } from '~/api/serialize.server';
import { nextBattle } from '~/models/battles.server';
import { currentUser } from '~/web/session.server';

/** GET /api/battles/next: two listed builds for the caller to judge, photos only (a guest sees pairs too). */
export function loader(args: Route.LoaderArgs) {
  return Response.json(apiBattlePair(nextBattle(currentUser(args)?.id ?? null)), { headers: { 'Cache-Control': 'no-store' } });
}
