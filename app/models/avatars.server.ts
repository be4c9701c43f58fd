import { AvatarError, processAvatar } from '~/services/avatars.server';
import { env } from '~/services/env.server';
import { changeAvatar } from './users.server';

/**
 * Makes the uploaded `file` (the form's `avatar` field) the member's avatar,
 * for the profile page and the JSON API alike, and answers its URL. Throws an
 * AvatarError with the spec's message when there is no file or the image is refused.
 */
export async function replaceAvatar(userId: number, file: FormDataEntryValue | null): Promise<string> {
  if (!(file instanceof File)) throw new AvatarError('Choose an image to upload.');
  const avatar = await processAvatar(new Uint8Array(await file.arrayBuffer()), { uploadsDir: env().UPLOADS_DIR });
  changeAvatar(userId, avatar.url);
  return avatar.url;
}
