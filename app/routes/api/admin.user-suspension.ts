import type { Route } from './+types/admin.user-suspension';
import { measureFailure, onlyMethod, writeOnly } from '~/api/admin.server';
import { suspensionBody } from '~/api/contract/member-moderation';
import { pathId, readJson, requireApiStaff } from '~/api/request.server';
import { liftSuspension, suspendMember } from '~/models/member-moderation.server';

/** PATCH /api/admin/users/{userId}/suspension {until, reason}: suspends a member until then, or lifts it (until null). */
export const loader = writeOnly('PATCH');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'PATCH');
  const staff = requireApiStaff(args);
  const memberId = pathId(args.params.id, 'User not found');
  const { until, reason } = await readJson(args.request, suspensionBody);
  const result = until ? suspendMember(staff, memberId, { until, reason }) : liftSuspension(staff, memberId, reason);
  if (!result.ok) return measureFailure(result);
  return Response.json({ suspendedUntil: until });
}
