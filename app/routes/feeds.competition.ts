import type { Route } from './+types/feeds.competition';
import { competitionFeedDocument, feedNotFound, feedResponse } from '~/web/atom-feed.server';

/** A competition's Atom feed: its results once closed, then its latest entries. */
export function loader({ request, params }: Route.LoaderArgs) {
  const feed = competitionFeedDocument(Number(params.id));
  return feed ? feedResponse(request, feed) : feedNotFound();
}
