import type { Route } from './+types/uploads.temp.status';
import { tempUploadStatusQuery } from '~/api/contract/uploads';
import { findTempUploadId } from '~/models/temp-uploads.server';
import { readQuery } from '~/api/request.server';

/**
 * GET /api/uploads/temp/status?clientToken= (docs/product.md §4, §7): whether the photo
 * sent with that token is stored yet; the client polls it until "completed".
 */
export function loader({ url }: Route.LoaderArgs) {
  const tempUploadId = findTempUploadId(readQuery(url, tempUploadStatusQuery).clientToken);
  return Response.json({ status: tempUploadId ? 'completed' : 'pending', tempUploadId });
}
