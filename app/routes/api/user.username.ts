import type { Route } from './+types/user.username';
import { usernameBody } from '~/api/contract/account';
import { changeUsername } from '~/models/users.server';
import { apiError, readJson, requireApiUser } from '~/api/request.server';

/** POST /api/user/username (docs/product.md §7): renames the member; username_taken (409) is the client's special case. */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const { username } = await readJson(args.request, usernameBody);
  if (changeUsername(user.id, username) === 'taken') {
    return apiError(409, 'This username is already taken. Please choose another one.', 'username_taken');
  }
  return Response.json({ username });
}
