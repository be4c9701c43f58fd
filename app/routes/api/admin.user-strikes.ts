import type { Route } from './+types/admin.user-strikes';
import { measureFailure, onlyMethod, writeOnly } from '~/api/admin.server';
import { strikeBody } from '~/api/contract/member-moderation';
import { pathId, readJson, requireApiStaff } from '~/api/request.server';
import { strikeMember } from '~/models/member-moderation.server';

/** POST /api/admin/users/{userId}/strikes {reason, days}: a strike that expires. */
export const loader = writeOnly('POST');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'POST');
  const staff = requireApiStaff(args);
  const memberId = pathId(args.params.id, 'User not found');
  const body = await readJson(args.request, strikeBody);
  const result = strikeMember(staff, memberId, body);
  if (!result.ok) return measureFailure(result);
  return Response.json({ id: result.strikeId, expiresAt: result.expiresAt }, { status: 201 });
}
