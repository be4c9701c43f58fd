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

/** A positive whole number from the URL (an id, a page), or null for anything else. */
export function positiveInt(value: string | null | undefined): number | null {
  const number = Number(value ?? Number.NaN);
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/** A 1-based page number from the URL; anything else is page 1. */
export function pageNumber(value: string | null): number {
  return positiveInt(value) ?? 1;
}
