/**
 * A member's public page, as every link writes it: the name percent-encoded once
 * (a name is letters, digits, dots, dashes and underscores, so only letters outside
 * ASCII are encoded). The page redirects any other spelling here.
 */
export function memberPath(username: string): string {
  return `/u/${encodeURIComponent(username)}`;
}
