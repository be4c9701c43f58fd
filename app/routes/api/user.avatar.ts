import type { Route } from './+types/user.avatar';
import { replaceAvatar } from '~/models/users.server';
import { requireApiUser, uploadFailure } from '~/api/request.server';
import { readUploadForm } from '~/services/multipart.server';

/** POST /api/user/avatar (docs/product.md §7): multipart `avatar`, through the profile page's upload limits and image checks. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  try {
    const form = await readUploadForm(args.request);
    return Response.json({ avatarUrl: await replaceAvatar(user.id, form.get('avatar')) });
  } catch (error) {
    return uploadFailure(error);
  }
}
