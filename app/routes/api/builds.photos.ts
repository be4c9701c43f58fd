import type { Route } from './+types/builds.photos';
import { photoBodySchema } from '~/api/contract/build-details';
import { apiPhoto } from '~/api/serialize.server';
import { addBuildPhoto } from '~/models/build-photos.server';
import { findBuildDetail } from '~/models/builds.server';
import { saveUploadedImage } from '~/models/uploads.server';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { clientAddressOf } from '~/web/client-address.server';
import { apiError, ownerRefusal, pathId, readForm, requireApiUser, uploadFailure } from '~/api/request.server';

/** POST /api/builds/{id}/photos, multipart {image}: the owner adds a photo, screened before others see it. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const buildId = pathId(args.params.id, 'Build not found');
  const { image } = await readForm(args.request, photoBodySchema);
  let imageId: number;
  try {
    imageId = await saveUploadedImage(image, clientAddressOf(args.request));
  } catch (error) {
    return uploadFailure(error);
  }
  const result = await addBuildPhoto(buildId, user.id, imageId);
  if (result.ok) return Response.json(apiPhoto(result.photo, findBuildDetail(buildId)?.title ?? ''), { status: 201 });
  if (result.reason === 'too_many') return apiError(409, `A build has at most ${MAX_EXTRA_PHOTOS} more photos: remove one first`);
  if (result.reason === 'duplicate') return apiError(409, 'This build already has that photo');
  return ownerRefusal(result.reason);
}
