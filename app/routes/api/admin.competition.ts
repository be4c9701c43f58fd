import type { Route } from './+types/admin.competition';
import { onlyMethod, saveCompetitionFromJson, writeOnly } from '~/api/admin.server';
import { pathId, requireApiAdmin } from '~/api/request.server';

/** PATCH /api/admin/competitions/{id}: changes a competition; its series and jury when given. */
export const loader = writeOnly('PATCH');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'PATCH');
  const admin = requireApiAdmin(args);
  return saveCompetitionFromJson(admin, pathId(args.params.id, 'Competition not found'), args.request);
}
