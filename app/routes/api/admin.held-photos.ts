import type { Route } from './+types/admin.held-photos';
import { requireApiStaff } from '~/api/request.server';
import { apiImageUrl } from '~/api/serialize.server';
import { listHeldPhotos } from '~/models/photo-moderation.server';

/** GET /api/admin/held-photos: the moderation queue's held extra photos, for moderators and admins. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  return Response.json(
    listHeldPhotos().map(({ imageId, createdAt, ...photo }) => ({
      ...photo,
      imageUrl: apiImageUrl(imageId),
      createdAt: createdAt.toISOString(),
    })),
  );
}
