import { atPlace } from '~/utils/places';

/**
 * The anchor rule for redirects. An action that sends the visitor back to the page they
 * posted from names the place of the control they used (`PLACES`, utils/places.ts): a
 * browser without JavaScript loads the page afresh and lands there instead of at the top,
 * below the sticky header. With JavaScript the page never left, so it stays where it is:
 * the anchor is left off, as it would scroll the page away from the control. Something
 * new on the page (a comment just posted) is landed on either way: `atPlace`.
 */
export function backTo(request: Request, path: string, place: string): string {
  return fromScript(request) ? path : atPlace(path, place);
}

/** A form posted by the page's JavaScript (React Router's data request), not by the browser itself. */
export function fromScript(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('.data');
}
