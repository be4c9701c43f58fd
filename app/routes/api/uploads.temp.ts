import type { Route } from './+types/uploads.temp';
import { tempUploadBodySchema } from '~/api/contract/uploads';
import { saveUploadedImage } from '~/models/uploads.server';
import { clientAddressOf } from '~/web/client-address.server';
import { createTempUpload } from '~/models/temp-uploads.server';
import { apiError, readForm, uploadFailure } from '~/api/request.server';
import { rememberPendingUpload } from '~/web/pending-upload.server';

/**
 * POST /api/uploads/temp (docs/product.md §7): keeps a photo before its build exists — a
 * guest's, until they sign in, or anyone's while the upload page shows progress.
 * The browser is told which upload is its own by the signed pending-upload cookie.
 */
export async function action({ request }: Route.ActionArgs) {
  const { image, clientToken } = await readForm(request, tempUploadBodySchema);
  let imageId: number;
  try {
    imageId = await saveUploadedImage(image, clientAddressOf(request));
  } catch (error) {
    return uploadFailure(error);
  }
  const temp = createTempUpload({ imageId, title: '', clientToken });
  if (!temp) return apiError(409, 'This clientToken is already in use');
  return Response.json({ tempUploadId: temp.id }, { status: 201, headers: { 'Set-Cookie': await rememberPendingUpload(temp.id) } });
}
