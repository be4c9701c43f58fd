import type { Route } from './+types/admin.competitions';
import { onlyMethod, saveCompetitionFromJson, writeOnly } from '~/api/admin.server';
import { requireApiAdmin } from '~/api/request.server';

/** POST /api/admin/competitions: a new competition, with its series and jury. */
export const loader = writeOnly('POST');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'POST');
  const admin = requireApiAdmin(args);
  return saveCompetitionFromJson(admin, null, args.request);
}
