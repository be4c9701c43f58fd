import type { Route } from './+types/admin.user-status';
import { memberChangeFailure, onlyMethod, writeOnly } from '~/api/admin.server';
import { statusBody } from '~/api/contract/admin';
import { changeMember } from '~/models/admin-members.server';
import { pathId, readJson, requireApiAdmin } from '~/api/request.server';

/** PATCH /api/admin/users/{userId}/status {isDisabled} (docs/product.md §7). */
export const loader = writeOnly('PATCH');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'PATCH');
  const admin = requireApiAdmin(args);
  const { isDisabled } = await readJson(args.request, statusBody);
  const result = changeMember(admin, pathId(args.params.id, 'User not found'), isDisabled ? 'disable' : 'enable');
  if (!result.ok) return memberChangeFailure(result, 'Failed to update user status');
  return Response.json({ message: 'User status updated successfully' });
}
