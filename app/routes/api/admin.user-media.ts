import type { Route } from './+types/admin.user-media';
import { apiError, pathId, requireApiStaff } from '~/api/request.server';
import { largestVariantUrl } from '~/images/records.server';
import { memberMedia } from '~/models/member-media.server';
import { photoAlt } from '~/domain/photo-alt';

/** GET /api/admin/users/{userId}/media: every photo a member put up, with screening's verdict. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  const media = memberMedia(pathId(args.params.id, 'User not found'));
  if (!media) return apiError(404, 'User not found');
  return Response.json({
    avatarUrl: media.avatarUrl,
    photos: media.photos.map(({ imageId, position, alt, ...photo }) => ({
      ...photo,
      imageUrl: largestVariantUrl(imageId),
      alt: photoAlt(alt, photo.buildTitle, position),
    })),
  });
}
