import type { Route } from './+types/admin.users';
import { adminUsersQuery } from '~/api/contract/admin';
import { listMembers } from '~/models/admin-members.server';
import { readQuery, requireApiAdmin } from '~/api/request.server';
import { activeSuspension } from '~/domain/member-moderation';

/** GET /api/admin/users (docs/product.md §7): members for the admin list, `?q=`, `?limit=` (≤ 100), `?page=`. */
export function loader(args: Route.LoaderArgs) {
  requireApiAdmin(args);
  const query = readQuery(args.url, adminUsersQuery);
  const limit = query.limit ?? 100;
  const { rows } = listMembers({ q: query.q?.trim() ?? '', limit, offset: ((query.page ?? 1) - 1) * limit });
  return Response.json(rows.map((row) => ({ ...row, suspendedUntil: activeSuspension(row), createdAt: row.createdAt.toISOString() })));
}
