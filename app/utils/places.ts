import { buildPageHref, type BuildPageQuery } from './page-query';

/**
 * The places in a page that links and redirects land on. Each id is written here once,
 * for the element that carries it and for every address that leads to it; the page's
 * CSS lands every one below the sticky header (app.css, scroll-padding-top), and a
 * comment landed on is outlined (.linkable).
 */
export const PLACES = {
  /** The build page's star input. */
  rating: 'rate',
  /** "Did this roast land?" */
  roastReactions: 'roast-reactions',
  /** The roast, where the owner asks for a fresh one. */
  roast: 'roast',
  /** Under a stand-in roast: the owner asks for the AI model's, then waits for it there. */
  modelRoast: 'model-roast',
  /** Report and hide, under the roast. */
  buildActions: 'build-actions',
  /** The comments' heading. */
  comments: 'comments-title',
  /** The box for a new comment. */
  newComment: 'comment-new',
  /** The build editor's parts and photos. */
  parts: 'parts',
  photos: 'photos',
  /** The owner's photo descriptions (alt text) on their build page. */
  photoAlts: 'photo-alts',
  /** The profile's last setting. */
  deleteAccount: 'delete-account',
  /** The profile's achievements. */
  achievements: 'achievements-heading',
} as const;

export const commentPlace = (commentId: number) => `comment-${commentId}`;
/** The reply form under a thread. */
export const replyPlace = (threadId: number) => `reply-${threadId}`;
/** A form field's box (label, control, hint, messages), for the field `id` of its control. */
export const fieldPlace = (id: string) => `${id}-field`;
/** A member's appeal of their suspension (`null`) or of a strike, on their standing page: an appeal sent lands there. */
export const appealPlace = (strikeId: number | null) => (strikeId === null ? 'suspension-appeal' : `strike-${strikeId}-appeal`);
/** An entry's card on a competition's page. */
export const entryPlace = (buildId: number) => `entry-${buildId}`;

/** `href` landing on `place`: whatever fragment it had is replaced. */
export function atPlace(href: string, place: string): string {
  const hash = href.indexOf('#');
  return `${hash === -1 ? href : href.slice(0, hash)}#${place}`;
}

/**
 * Where a comment is read: its build page showing every comment (`?comments=all`, every
 * thread unfolded), so its anchor is on the page however it sorts, in `sort`'s order
 * (and without updating itself, when the visitor stopped that on the page they came from).
 */
export function commentHref(
  buildId: number,
  commentId: number,
  { sort, updates }: Partial<Pick<BuildPageQuery, 'sort' | 'updates'>> = {},
): string {
  return atPlace(buildPageHref(buildId, { comments: 'all', sort, updates }), commentPlace(commentId));
}
