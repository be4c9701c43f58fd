import type { Route } from './+types/feeds.competition';
import { competitionFeedDocument, feedNotFound, feedResponse } from '~/web/atom-feed.server';
import { positiveInt } from '~/utils/query';

/** A competition's Atom feed: its results once closed, then its latest entries. */
export function loader({ request, params }: Route.LoaderArgs) {
  const id = positiveInt(params.id);
  const feed = id === null ? null : competitionFeedDocument(id);
  return feed ? feedResponse(request, feed) : feedNotFound();
}
