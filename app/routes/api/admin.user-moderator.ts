import type { Route } from './+types/admin.user-moderator';
import { memberChangeFailure, onlyMethod, writeOnly } from '~/api/admin.server';
import { moderatorBody } from '~/api/contract/admin';
import { changeMember } from '~/models/admin-members.server';
import { pathId, readJson, requireApiAdmin } from '~/api/request.server';

/** PATCH /api/admin/users/{userId}/moderator {isModerator} (docs/product.md §7). */
export const loader = writeOnly('PATCH');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'PATCH');
  const admin = requireApiAdmin(args);
  const { isModerator } = await readJson(args.request, moderatorBody);
  const result = changeMember(admin, pathId(args.params.id, 'User not found'), isModerator ? 'grant-moderator' : 'remove-moderator');
  if (!result.ok) return memberChangeFailure(result, 'Failed to update moderator status');
  return Response.json({ message: 'Moderator status updated successfully' });
}
