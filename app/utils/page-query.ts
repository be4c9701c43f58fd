import { GALLERY_MAX_SHOWN, GALLERY_PAGE_SIZE, TUTORIAL_STEP_COUNT } from './constants';
import { pageNumber, positiveInt, wholeNumber } from './query';
import { COMMENT_SORTS, type CommentSort } from '~/domain/comments';
import { type BuildSort, parseBuildSort } from '~/domain/build-sorts';
import { isBuildTag } from '~/domain/build-tags';
import { oneLine } from '~/domain/member-text';
import { defaultGallerySort, GALLERY_QUERY_MAX, GALLERY_SORTS, type GalleryFilters, type GallerySort } from '~/domain/gallery';
import { buildPath } from './build-path';

/**
 * The query parameters pages read, parsed here once: by the pages, and by the
 * page cache, which keeps a page only for values that read back as sent.
 */

/** `?tutorial=N` opens step N of the first-visit tutorial; it is how the tutorial works without JavaScript. */
export function tutorialStep(value: string | null): number | null {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= TUTORIAL_STEP_COUNT ? step : null;
}

export type GalleryQuery = GalleryFilters & { after: number; count: number };

/**
 * The gallery's filters — `?q=` words to search for (spaces folded, at most
 * GALLERY_QUERY_MAX characters), `?sort=` (newest by default, best match for a
 * search), `?tag=` one of the curated tags, `?competition=ID` its entries — and
 * its paging: `?count=N`, the first N builds, in whole batches of GALLERY_PAGE_SIZE
 * (another N reads as the next whole batch) — the page LOAD MORE links to without JavaScript; `?after=ID`, the 12 that follow build ID — what LOAD MORE
 * fetches and appends with JavaScript, unshifted by uploads made in between.
 * Anything else reads as its default, so a bad value only widens the gallery.
 */
export function galleryQuery(params: URLSearchParams): GalleryQuery {
  // Read as a member's one line of text is: a direction override or a control character would
  // make the page's "No builds match …" and left-out words read in another order than typed.
  const q = oneLine(params.get('q') ?? '')
    .slice(0, GALLERY_QUERY_MAX)
    .trim();
  const sort = gallerySort(params.get('sort'), q);
  const tag = params.get('tag') ?? '';
  const competition = wholeNumber(params.get('competition'), 0);
  const after = wholeNumber(params.get('after'), 0);
  const asked = wholeNumber(params.get('count'), 0) || GALLERY_PAGE_SIZE;
  const count = after > 0 ? GALLERY_PAGE_SIZE : Math.min(Math.ceil(asked / GALLERY_PAGE_SIZE) * GALLERY_PAGE_SIZE, GALLERY_MAX_SHOWN);
  return { q, sort, tag: isBuildTag(tag) ? tag : null, competition: competition || null, after, count };
}

function gallerySort(value: string | null, q: string): GallerySort {
  const sort = GALLERY_SORTS.find((name) => name === value);
  if (!sort) return defaultGallerySort(q);
  return sort === 'relevance' && !q ? 'newest' : sort;
}

/** Whether the gallery shows every build: no search and no filter (any order). */
export function isUnfiltered(filters: GalleryFilters): boolean {
  return !filters.q && !filters.tag && !filters.competition;
}

/**
 * The gallery's URL for these filters (and paging), the one way every link and
 * the page cache write it: defaults left out, parameters in a fixed order.
 */
export function galleryHref(filters: GalleryFilters, paging: { count?: number; after?: number } = {}, path = '/gallery'): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.sort !== gallerySort(null, filters.q)) params.set('sort', filters.sort);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.competition) params.set('competition', String(filters.competition));
  if (paging.count) params.set('count', String(paging.count));
  if (paging.after) params.set('after', String(paging.after));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A member's page: `?sort=` one of the build orders (newest by default), `?page=N` of their builds (1 by default). */
export function memberPageQuery(params: URLSearchParams): { sort: BuildSort; page: number } {
  return { sort: parseBuildSort(params.get('sort')), page: pageNumber(params.get('page')) };
}

/** The query parameter that opens a build page's photo viewer (with JavaScript only): `?photo=N`. */
export const VIEWER_PHOTO_PARAM = 'photo';

/**
 * `?photo=N` on a build's page: its photo viewer is open on photo N (1 is the main
 * photo), while the address bar shows that photo's own page, /build/:id/photos/N
 * (buildPhotoPath). Only JavaScript sets it; anything else reads as closed.
 */
export function viewerPhoto(params: URLSearchParams): number | null {
  return positiveInt(params.get(VIEWER_PHOTO_PARAM));
}

/** A build photo's own page: N from 1 (the main photo), as every link writes it. */
export const buildPhotoPath = (buildId: number, photo: number) => `${buildPath(buildId)}/photos/${photo}`;

/** Whether going from `current` to `next` only opens, steps or closes the photo viewer: the page has nothing new to read. */
export function onlyViewerMoved(current: URL, next: URL): boolean {
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete(VIEWER_PHOTO_PARAM);
    return `${url.pathname}?${params.toString()}${url.hash}`;
  };
  return current.searchParams.get(VIEWER_PHOTO_PARAM) !== next.searchParams.get(VIEWER_PHOTO_PARAM) && rest(current) === rest(next);
}

export type BuildPageQuery = {
  /** `?comments=all`: every thread, each with every reply; else the first COMMENT_THREADS_SHOWN, long threads folded. */
  comments: 'all' | 'first';
  /** `?sort=top`: the most answered threads first; newest first by default. */
  sort: CommentSort;
  /** `?replyTo=ID`: a reply form open under that thread (the page checks it is one of its threads). */
  replyTo: number | null;
  /**
   * `?updates=off`: the visitor stopped the page updating itself while it waits (for its
   * roast, or RoastBot's reply): it looks again only when they ask. On by default.
   */
  updates: 'on' | 'off';
};

/** The build page's query, read one way by the page, its links, its redirects and the page cache; anything else reads as the default. */
export function buildPageQuery(params: URLSearchParams): BuildPageQuery {
  return {
    comments: params.get('comments') === 'all' ? 'all' : 'first',
    sort: COMMENT_SORTS.find((sort) => sort === params.get('sort')) ?? 'new',
    replyTo: positiveInt(params.get('replyTo')),
    updates: params.get('updates') === 'off' ? 'off' : 'on',
  };
}

/** The build page's address with this view of its comments, the one way links and redirects write it: defaults left out, parameters in a fixed order. */
export function buildPageHref(
  buildId: number,
  { comments = 'first', sort = 'new', replyTo = null, updates = 'on' }: Partial<BuildPageQuery> = {},
): string {
  const params = new URLSearchParams();
  if (comments === 'all') params.set('comments', 'all');
  if (sort !== 'new') params.set('sort', sort);
  if (replyTo !== null) params.set('replyTo', String(replyTo));
  if (updates === 'off') params.set('updates', 'off');
  const search = params.toString();
  return search ? `${buildPath(buildId)}?${search}` : buildPath(buildId);
}
