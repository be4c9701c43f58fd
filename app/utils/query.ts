/** `path` with these query parameters, leaving out empty ones and page 1. */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A whole number as every link writes it: decimal digits with no sign, no leading zero,
 * no point and no exponent, at most 16 digits. Any other spelling of a number ("1e1",
 * "010", "10.0", " 10", "0x0a") is not one, so one record never has many addresses.
 */
export const WRITTEN_WHOLE_NUMBER = /^(?:0|[1-9][0-9]{0,15})$/;

/** A whole number (0 or more) from the URL, written the one way links write it; else `fallback`. */
export function wholeNumber<Fallback extends number | null>(value: string | null | undefined, fallback: Fallback): number | Fallback {
  if (value == null || !WRITTEN_WHOLE_NUMBER.test(value)) return fallback;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : fallback;
}

/** A positive whole number from the URL (an id, a page), or null for anything else. */
export function positiveInt(value: string | null | undefined): number | null {
  const number = wholeNumber(value, null);
  return number !== null && number >= 1 ? number : null;
}

/** A 1-based page number from the URL; anything else is page 1. */
export function pageNumber(value: string | null): number {
  return positiveInt(value) ?? 1;
}
