import type { Route } from './+types/admin.appeal';
import { onlyMethod, writeOnly } from '~/api/admin.server';
import { appealDecisionBody } from '~/api/contract/member-moderation';
import { apiError, pathId, readJson, requireApiStaff } from '~/api/request.server';
import { decideAppeal } from '~/models/appeals.server';
import { STAFF_RULE_REFUSAL } from '~/domain/member-moderation';

/** PATCH /api/admin/appeals/{id} {decision, reply}: the moderation queue's Keep and Lift. */
export const loader = writeOnly('PATCH');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'PATCH');
  const staff = requireApiStaff(args);
  const appealId = pathId(args.params.id, 'Appeal not found');
  const { decision, reply } = await readJson(args.request, appealDecisionBody);
  const result = decideAppeal(staff, appealId, { lift: decision === 'lift', reply });
  if (result.ok) return Response.json({ message: decision === 'lift' ? 'Lifted on appeal' : 'Appeal upheld' });
  return result.reason === 'forbidden'
    ? apiError(403, STAFF_RULE_REFUSAL)
    : apiError(404, 'This appeal is not waiting for staff: it was already decided, or does not exist.');
}
