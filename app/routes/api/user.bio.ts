import type { Route } from './+types/user.bio';
import { bioBody } from '~/api/contract/account';
import { changeBio } from '~/models/users.server';
import { readJson, requireApiUser } from '~/api/request.server';

/** POST /api/user/bio (docs/product.md §7): sets the member's bio. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const { bio } = await readJson(args.request, bioBody);
  changeBio(user.id, bio);
  return Response.json({ bio });
}
