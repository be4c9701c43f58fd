import type { Route } from './+types/admin.user';
import { memberChangeFailure, onlyMethod, writeOnly } from '~/api/admin.server';
import { deleteMember } from '~/models/admin-members.server';
import { pathId, requireApiAdmin } from '~/api/request.server';

/** DELETE /api/admin/users/{userId} (docs/product.md §7): deletes a member with everything of theirs. */
export const loader = writeOnly('DELETE');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'DELETE');
  const admin = requireApiAdmin(args);
  const result = await deleteMember(admin, pathId(args.params.id, 'User not found'));
  if (!result.ok) return memberChangeFailure(result, 'Failed to delete user');
  return Response.json({ message: 'User deleted successfully' });
}
