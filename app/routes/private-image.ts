import { readFile } from 'node:fs/promises';
import type { Route } from './+types/private-image';
import { variantContentType, viewableImageFile } from '~/images/serve.server';
import { pendingUpload } from '~/web/pending-upload.server';
import { currentUser } from '~/web/session.server';

// Kept by the browser, never by a shared cache, and checked again on every use: the
// answer depends on who asks and stops once the photo is rejected.
const CACHE_CONTROL = 'private, no-cache';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });

/**
 * A photo no listed build shows yet (waiting for screening, held, hidden, a guest's
 * upload), for its owner, moderators and admins, or the browser that sent it; 404 to
 * anyone else, as for a file that does not exist. Named by its content hash, so the
 * name is its ETag.
 */
export async function loader(args: Route.LoaderArgs) {
  const { fileName } = args.params;
  const pending = await pendingUpload(args.request);
  const file = await viewableImageFile(fileName, currentUser(args), pending?.imageId ?? null);
  if (!file) return notFound();
  const etag = `"${fileName}"`;
  const headers = { 'Cache-Control': CACHE_CONTROL, ETag: etag, Vary: 'Cookie' };
  if (args.request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  // Gone between the look-up and the read: moved by a decision a moment ago, or deleted.
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), { headers: { ...headers, 'Content-Type': variantContentType(fileName) } });
}
