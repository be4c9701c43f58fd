import type { Route } from './+types/user.standing';
import { requireApiUser } from '~/api/request.server';
import { ownStanding } from '~/models/appeals.server';

/** GET /api/user/standing: the member's suspension in force and strikes that still count, with the reasons, and their appeals. */
export function loader(args: Route.LoaderArgs) {
  const user = requireApiUser(args);
  return Response.json(ownStanding(user.id));
}
