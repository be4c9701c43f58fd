import { memberPath } from './member-path';

// Where the Atom feeds are, as every page's <link rel="alternate"> and the feeds themselves write it.

/** The site's newest builds. */
export const SITE_FEED_PATH = '/feeds/builds.atom';
export const SITE_FEED_TITLE = 'RigRoast: the newest builds';

/** A member's newest builds, under the address of their page. */
export const memberFeedPath = (username: string) => `/feeds${memberPath(username)}/builds.atom`;

/** A competition's latest entries and, once closed, its results. */
export const competitionFeedPath = (competitionId: number) => `/feeds/competitions/${competitionId}/entries.atom`;

/** The <link> that tells browsers and feed readers a page has a feed, in the shape React Router's `meta` export returns. */
export function feedLink(title: string, href: string) {
  return { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title, href } as const;
}
