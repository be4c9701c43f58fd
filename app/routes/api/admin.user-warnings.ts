import type { Route } from './+types/admin.user-warnings';
import { measureFailure, onlyMethod, writeOnly } from '~/api/admin.server';
import { warnBody } from '~/api/contract/member-moderation';
import { pathId, readJson, requireApiStaff } from '~/api/request.server';
import { warnMember } from '~/models/member-moderation.server';

/** POST /api/admin/users/{userId}/warnings {message}: warns a member. */
export const loader = writeOnly('POST');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'POST');
  const staff = requireApiStaff(args);
  const memberId = pathId(args.params.id, 'User not found');
  const { message } = await readJson(args.request, warnBody);
  const result = warnMember(staff, memberId, message);
  if (!result.ok) return measureFailure(result);
  return Response.json({ id: result.warningId }, { status: 201 });
}
