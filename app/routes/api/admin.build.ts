import type { Route } from './+types/admin.build';
import { onlyMethod, writeOnly } from '~/api/admin.server';
import { deleteBuildAsAdmin } from '~/models/admin-builds.server';
import { apiError, pathId, requireApiAdmin } from '~/api/request.server';

/** DELETE /api/admin/builds/{id} (docs/product.md §7): the admin screens' delete, same model and rules. */
export const loader = writeOnly('DELETE');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'DELETE');
  const admin = requireApiAdmin(args);
  const result = await deleteBuildAsAdmin(admin, pathId(args.params.id, 'Build not found'));
  if (!result.ok)
    return apiError(
      result.reason === 'not_found' ? 404 : 403,
      `Failed to delete build: ${result.reason === 'not_found' ? 'this build does not exist.' : 'only admins can delete builds.'}`,
    );
  return Response.json({ message: 'Build deleted successfully' });
}
