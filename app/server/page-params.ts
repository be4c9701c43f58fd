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

/** The parameters `pathname` reads, or 'unstored' for pages never kept. */
export function pageParams(pathname: string): readonly string[] | 'unstored' {
  const page = PAGES.find(([path]) => path.test(pathname));
  if (page?.[1] === 'unstored') return 'unstored';
  return [...EVERY_PAGE, ...(page?.[1] ?? [])];
}
