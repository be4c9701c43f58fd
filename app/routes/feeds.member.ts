import { redirect } from 'react-router';
import type { Route } from './+types/feeds.member';
import { lookUpMember } from '~/models/members.server';
import { feedNotFound, feedResponse, memberFeedDocument } from '~/web/atom-feed.server';
import { memberFeedPath } from '~/utils/feed-paths';

/** A member's Atom feed: found by name as their page finds them, at the one address their page's link gives. */
export function loader({ request, params }: Route.LoaderArgs) {
  const found = lookUpMember(params.username);
  if (found.kind === 'unknown' || found.kind === 'unavailable') return feedNotFound();
  if (found.kind === 'renamed') throw redirect(memberFeedPath(found.username), 301);
  const { member } = found;
  if (new URL(request.url).pathname !== memberFeedPath(member.username)) throw redirect(memberFeedPath(member.username), 301);
  return feedResponse(request, memberFeedDocument(`${member.id}/${member.username}`));
}
