import type { Route } from './+types/feeds.builds';
import { feedResponse, siteFeedDocument } from '~/web/atom-feed.server';

/** The site's Atom feed: the newest listed builds with their roasts. */
export function loader({ request }: Route.LoaderArgs) {
  return feedResponse(request, siteFeedDocument('site'));
}
