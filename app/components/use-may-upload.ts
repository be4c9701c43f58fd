import { useRouteLoaderData } from 'react-router';

/** What the root loader's data says of the visitor's uploads (root.tsx returns it on every page). */
export type UploadOffer = { suspended: boolean };

/**
 * Whether the page may offer an upload: to everyone but a suspended member, whom the
 * upload form refuses. Decided once, by the root loader, for every page's offers.
 */
export function useMayUpload(): boolean {
  return !(useRouteLoaderData('root') as UploadOffer | undefined)?.suspended;
}
