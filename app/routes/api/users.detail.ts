import { redirect } from 'react-router';
import type { Route } from './+types/users.detail';
import { memberQuery } from '~/api/contract/members';
import { apiError, readQuery } from '~/api/request.server';
import { apiPublicMember } from '~/api/serialize.server';
import { lookUpMember, readMemberPage } from '~/models/members.server';
import { withQuery } from '~/utils/query';

/**
 * GET /api/users/{username}: a member's public page as JSON, with the page's rules:
 * an old name redirects to the current one, a disabled member is a 404.
 */
export function loader({ params, url }: Route.LoaderArgs) {
  const { sort = 'newest', page = 1 } = readQuery(url, memberQuery);
  const found = lookUpMember(params.username);
  if (found.kind === 'renamed') {
    throw redirect(withQuery(`/api/users/${encodeURIComponent(found.username)}`, { sort: url.searchParams.get('sort'), page }));
  }
  if (found.kind !== 'member')
    return apiError(404, found.kind === 'unavailable' ? 'This member’s page is not available' : 'Member not found');
  const read = readMemberPage(found.member.id, sort, page);
  if (!read) return apiError(404, 'Member not found');
  return Response.json(apiPublicMember({ member: found.member, ...read }));
}
