import { GALLERY_MAX_SHOWN, GALLERY_PAGE_SIZE, TUTORIAL_STEP_COUNT } from './constants';
import { pageNumber } from './query';
import { type BuildSort, parseBuildSort } from '~/domain/build-sorts';

/**
 * The query parameters pages read, parsed here once: by the pages, and by the
 * page cache, which keeps a page only for values that read back as sent.
 */

/** `?tutorial=N` opens step N of the first-visit tutorial; it is how the tutorial works without JavaScript. */
export function tutorialStep(value: string | null): number | null {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= TUTORIAL_STEP_COUNT ? step : null;
}

/**
 * The gallery's `?count=N`: the newest N builds — the page LOAD MORE links to
 * without JavaScript. `?after=ID`: the 12 that follow build ID — what LOAD MORE
 * fetches and appends with JavaScript, unshifted by uploads made in between.
 */
export function galleryQuery(params: URLSearchParams): { after: number; count: number } {
  const after = wholeNumber(params.get('after'), 0);
  const count = after > 0 ? GALLERY_PAGE_SIZE : Math.min(wholeNumber(params.get('count'), 0) || GALLERY_PAGE_SIZE, GALLERY_MAX_SHOWN);
  return { after, count };
}

function wholeNumber(value: string | null, fallback: number): number {
  const number = Number(value ?? Number.NaN);
  return Number.isInteger(number) && number >= 0 ? number : fallback;
}

/** A member's page: `?sort=` one of the build orders (newest by default), `?page=N` of their builds (1 by default). */
export function memberPageQuery(params: URLSearchParams): { sort: BuildSort; page: number } {
  return { sort: parseBuildSort(params.get('sort')), page: pageNumber(params.get('page')) };
}
