/**
 * The query parameters each page reads, in its loader or its components: the
 * page cache keys on these and ignores any other, so random query strings
 * cannot fill it. A page that starts reading a parameter must be listed here,
 * or signed-out visitors get the page stored without it.
 */
const PAGES: [path: RegExp, params: readonly string[] | 'unstored'][] = [
  [/^\/$/, ['board']],
  [/^\/gallery\/?$/i, ['after', 'count']],
  [/^\/build\/[^/]+\/?$/i, ['comments', 'replyTo']],
  [/^\/auth\/?$/i, ['method', 'redirectTo', 'step', 'tab']],
  [/^\/forgot-password\/?$/i, ['sent']],
  // Tokens (one-time, or one per member): a stored page per token would only crowd out the others.
  [/^\/(?:auth\/magic|reset-password|verify-email|unsubscribe)\/?$/i, 'unstored'],
];

/** Read by the first-visit tutorial on every page. */
const EVERY_PAGE = ['tutorial'];

/**
 * The pages kept for one visitor too (a member): pages anyone may open, which read
 * of their visitor only the site's cookies and the database. A member's own pages
 * (profile, upload, admin) are left out: they show work under way and figures of the moment.
 */
const KEPT_FOR_ONE_VISITOR =
  /^\/(?:gallery|leaderboard(?:\/[^/]+)?|build\/[^/]+|competitions(?:\/[^/]+)?|past-competitions|about|terms-of-service|privacy-policy|cookie-policy)?\/?$/i;

/**
 * The parameters `pathname` reads, or 'unstored' for pages never kept: for
 * everyone (signed-out visitors), or for one visitor (`forOneVisitor`).
 */
export function pageParams(pathname: string, forOneVisitor = false): readonly string[] | 'unstored' {
  if (forOneVisitor && !KEPT_FOR_ONE_VISITOR.test(pathname)) return 'unstored';
  const page = PAGES.find(([path]) => path.test(pathname));
  if (page?.[1] === 'unstored') return 'unstored';
  return [...EVERY_PAGE, ...(page?.[1] ?? [])];
}
