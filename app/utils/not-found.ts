import { data } from 'react-router';

/** What a 404 says is missing: an address that is no page, or a record a page was opened for. */
export type Missing = 'page' | 'build' | 'photo' | 'competition';

/** The 404 a loader throws for a record that is not there (or not for this visitor): the root's error page says which. */
export const notFound = (missing: Exclude<Missing, 'page'>) => data({ missing }, { status: 404 });

/** What a thrown 404's data names as missing; any other 404 is an unknown page. */
export function missingOf(errorData: unknown): Missing {
  const missing = (errorData as { missing?: unknown } | null)?.missing;
  return missing === 'build' || missing === 'photo' || missing === 'competition' ? missing : 'page';
}
