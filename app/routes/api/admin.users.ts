import type { Route } from './+types/admin.users';
import { adminUsersQuery } from '~/api/contract/admin';
import { listMembers } from '~/models/admin-members.server';
import { apiError, requireApiAdmin } from '~/services/api.server';

/** GET /api/admin/users (spec §7): members for the admin list, `?q=`, `?limit=` (≤ 100), `?page=`. */
export function loader(args: Route.LoaderArgs) {
  requireApiAdmin(args);
  const query = adminUsersQuery.safeParse(Object.fromEntries(args.url.searchParams));
  if (!query.success) throw apiError(400, query.error.issues[0]?.message ?? 'Invalid query');
  const limit = query.data.limit ?? 100;
  const { rows } = listMembers({ q: query.data.q?.trim() ?? '', limit, offset: ((query.data.page ?? 1) - 1) * limit });
  return Response.json(rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
}
