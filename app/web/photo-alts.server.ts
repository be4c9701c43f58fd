import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { setPhotoAlt } from '~/models/photo-alts.server';
import type { AltRefusal } from '~/domain/photo-alt';
import { photoAltSchema } from '~/utils/schemas';
import { rejectForm } from './reject-form.server';
import { type RequestArgs, redirectWithToast } from './toast.server';

/**
 * The owner's description (alt text) of one photo of their build, posted from the build
 * page or the edit page: saved and back to `back`, or the page again with the message
 * beside that photo's field. Someone else's build, or a photo it does not have: 403/404.
 */
export async function savePhotoAlt(args: RequestArgs, buildId: number, userId: number, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: photoAltSchema });
  if (submission.status !== 'success') {
    // Which photo's form the messages go beside: as sent, or the main one's for a name that is none.
    const sent = Number(formData.get('photo'));
    const refusal: AltRefusal = { altPhoto: Number.isSafeInteger(sent) && sent > 0 ? sent : 'main', altResult: submission.reply() };
    return rejectForm(args, refusal);
  }
  const result = setPhotoAlt(buildId, userId, submission.value.photo, submission.value.alt);
  if (!result.ok) throw data(null, { status: result.reason === 'not_owner' ? 403 : 404 });
  return redirectWithToast(back, { title: 'Photo description saved' }, { status: 303 });
}
