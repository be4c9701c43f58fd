import { parsePeriod } from '~/models/leaderboards.server';
import { LEADERBOARD_PERIODS } from '~/domain/leaderboards';
import { buildPageQuery, galleryQuery, memberPageQuery, tutorialStep } from '~/utils/page-query';

/** Whether a parameter's value is one its page reads as sent: only those are kept. */
type Accepts = (value: string) => boolean;

/** The parameters a page reads, each with the values the page cache may keep it for. */
export type ReadParams = Readonly<Record<string, Accepts>>;

/** Values that read back as written through the page's own parser: `7` for a number, never `07` or `7.0`. */
const readsBack =
  (parse: (value: string) => unknown): Accepts =>
  (value) =>
    String(parse(value)) === value;
/** Values that read back as written, but not the default, which the page's links leave out (buildPageHref). */
const writtenInLinks =
  (parse: (value: string) => unknown, fallback: string): Accepts =>
  (value) =>
    value !== fallback && readsBack(parse)(value);
const oneOf =
  (...values: string[]): Accepts =>
  (value) =>
    values.includes(value);
/** An id as the site writes it in links. */
const ID = '[1-9][0-9]{0,15}';
const id: Accepts = (value) => new RegExp(`^${ID}$`).test(value);

/** Read by the first-visit tutorial on every page. */
const EVERY_PAGE: ReadParams = { tutorial: readsBack(tutorialStep) };

type KeptPage = {
  /** The path as the site's own links write it: any other spelling of it is rendered, never kept. */
  path: RegExp;
  params?: ReadParams;
  /**
   * Kept for one visitor too (a member): pages anyone may open, which read of their
   * visitor only the site's cookies and the database. A member's own pages (profile,
   * upload, admin) are never kept: they show work under way and figures of the moment.
   */
  forOneVisitor?: boolean;
};

/**
 * The pages the page cache keeps, and the query parameters each reads, in its
 * loader or its components: the cache keys on these and ignores any other, so
 * random query strings cannot fill it. A page that starts reading a parameter
 * must list it here, or signed-out visitors get the page stored without it.
 * Pages opened with a token (one-time, or one per member) are not listed: a
 * stored page per token would only crowd out the others.
 */
const KEPT: readonly KeptPage[] = [
  { path: /^\/$/, params: { board: readsBack(parsePeriod) }, forOneVisitor: true },
  {
    path: /^\/gallery$/,
    params: {
      after: readsBack((after) => galleryQuery(new URLSearchParams({ after })).after),
      count: readsBack((count) => galleryQuery(new URLSearchParams({ count })).count),
      q: readsBack((q) => galleryQuery(new URLSearchParams({ q })).q),
      // Best match is a search's own default, and means nothing alone: never kept as sent.
      sort: readsBack((sort) => galleryQuery(new URLSearchParams({ sort })).sort),
      tag: readsBack((tag) => galleryQuery(new URLSearchParams({ tag })).tag ?? ''),
      competition: readsBack((competition) => galleryQuery(new URLSearchParams({ competition })).competition ?? ''),
    },
    forOneVisitor: true,
  },
  { path: new RegExp(`^/leaderboard(?:/(?:${LEADERBOARD_PERIODS.join('|')}))?$`), forOneVisitor: true },
  // /battles itself draws a pair at random for each visit: never kept.
  { path: /^\/battles\/leaderboard$/, forOneVisitor: true },
  {
    path: new RegExp(`^/build/${ID}$`),
    params: {
      comments: writtenInLinks((comments) => buildPageQuery(new URLSearchParams({ comments })).comments, 'first'),
      sort: writtenInLinks((sort) => buildPageQuery(new URLSearchParams({ sort })).sort, 'new'),
      replyTo: id,
      // The visitor stopped the page updating itself while it waits.
      updates: writtenInLinks((updates) => buildPageQuery(new URLSearchParams({ updates })).updates, 'on'),
    },
    forOneVisitor: true,
  },
  // A build's photo on its own page, numbered from 1 as buildPhotoPath writes it.
  { path: new RegExp(`^/build/${ID}/photos/${ID}$`), forOneVisitor: true },
  { path: new RegExp(`^/competitions(?:/${ID})?$`), forOneVisitor: true },
  {
    // A member's page, its name as memberPath() encodes it; the page redirects any other spelling there.
    path: /^\/u\/(?:[\w.!~*'()-]|%[0-9A-F]{2}){1,300}$/,
    params: {
      sort: readsBack((sort) => memberPageQuery(new URLSearchParams({ sort })).sort),
      page: readsBack((page) => memberPageQuery(new URLSearchParams({ page })).page),
    },
    forOneVisitor: true,
  },
  { path: /^\/(?:past-competitions|about|terms-of-service|privacy-policy|cookie-policy)$/, forOneVisitor: true },
  { path: /^\/share\/[\w-]{1,64}$/ },
  {
    path: /^\/auth$/,
    params: {
      method: oneOf('password', 'code'),
      // Any page of the site may follow, a build's or a made-up path alike: each would be a stored page of its own.
      redirectTo: () => false,
      step: oneOf('code', 'email'),
      tab: oneOf('register', 'login'),
    },
  },
  { path: /^\/forgot-password$/, params: { sent: oneOf('1') } },
];

/**
 * The parameters `pathname` reads, with the values kept, or 'unstored' for pages
 * never kept: for everyone (signed-out visitors), or for one visitor (`forOneVisitor`).
 */
export function pageParams(pathname: string, forOneVisitor = false): ReadParams | 'unstored' {
  const page = KEPT.find(({ path }) => path.test(pathname));
  if (!page || (forOneVisitor && !page.forOneVisitor)) return 'unstored';
  return { ...EVERY_PAGE, ...page.params };
}
