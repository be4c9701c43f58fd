import type { Route } from './+types/uploads.temp';
import { saveUploadedImage } from '~/models/images.server';
import { clientAddressOf } from '~/server/context';
import { createTempUpload } from '~/models/temp-uploads.server';
import { apiError, uploadFailure } from '~/services/api.server';
import { readUploadForm } from '~/services/multipart.server';
import { rememberPendingUpload } from '~/services/pending-upload.server';

// A client-chosen handle for polling the upload's status; long enough not to be guessed.
const CLIENT_TOKEN = /^[\w-]{16,128}$/;

/**
 * POST /api/uploads/temp (spec §7): keeps a photo before its build exists — a
 * guest's, until they sign in, or anyone's while the upload page shows progress.
 * The browser is told which upload is its own by the signed pending-upload cookie.
 */
export async function action({ request }: Route.ActionArgs) {
  let imageId: number;
  let clientToken: string | undefined;
  try {
    const form = await readUploadForm(request);
    const token = form.get('clientToken');
    if (token !== null && (typeof token !== 'string' || !CLIENT_TOKEN.test(token))) {
      return apiError(400, 'clientToken must be 16 to 128 letters, digits, - or _');
    }
    clientToken = token ?? undefined;
    const file = form.get('image');
    if (!(file instanceof File)) return apiError(400, 'File type must be an image');
    imageId = await saveUploadedImage(file, clientAddressOf(request));
  } catch (error) {
    return uploadFailure(error);
  }
  const temp = createTempUpload({ imageId, title: '', clientToken });
  if (!temp) return apiError(409, 'This clientToken is already in use');
  return Response.json(
    { tempUploadId: temp.id },
    { status: 201, headers: { 'Set-Cookie': await rememberPendingUpload(temp.id) } },
  );
}
