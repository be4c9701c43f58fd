import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { Route } from './+types/route';
import { updateBuildDetails } from '~/models/build-details.server';
import { addPart, confirmPart, removePart } from '~/models/build-parts.server';
import { addBuildPhoto, removeBuildPhoto } from '~/models/build-photos.server';
import { saveUploadedImage } from '~/models/uploads.server';
import { ImageError } from '~/images/encode.server';
import { IMAGE_ERROR_MESSAGES } from '~/images/messages';
import { MAX_BUILD_PARTS } from '~/domain/build-parts';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { UploadError } from '~/services/multipart.server';
import { clientAddressOf } from '~/web/client-address.server';
import { rejectForm } from '~/web/reject-form.server';
import { redirectWithToast } from '~/web/toast.server';
import { atPlace, PLACES } from '~/utils/places';
import { buildDetailsSchema, partSchema } from '~/utils/schemas';

// The edit page's intents: each answers with a redirect back (and a toast) or, for refused
// input, the page again with the message beside the form that sent it.

type Ownership = { ok: false; reason: string };

/** Which part form a refusal belongs to (`new`: the add form) and its message. */
export type PartRefusal = { form: number | 'new'; message: string };

/** Someone else's build, or one that is gone: the page does not exist for them. */
function notYours(result: Ownership): never {
  // Every other reason was answered before this is called.
  throw data(null, { status: result.reason === 'not_owner' ? 403 : 404 });
}

export function saveDetails(args: Route.ActionArgs, buildId: number, userId: number, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: buildDetailsSchema });
  if (submission.status !== 'success') return rejectForm(args, { result: submission.reply() });
  const result = updateBuildDetails(buildId, userId, submission.value);
  if (!result.ok) notYours(result);
  return redirectWithToast(back, { title: 'Description and tags saved' }, { status: 303 });
}

/** A part's refusal, shown beside its own form (`new` is the add form). */
function partRefused(args: Route.ActionArgs, form: number | 'new', message: string) {
  return rejectForm(args, { error: message, target: form satisfies PartRefusal['form'] });
}

export function savePart(args: Route.ActionArgs, buildId: number, userId: number, formData: FormData, back: string) {
  const partId = Number(formData.get('partId'));
  const form = partId > 0 ? partId : 'new';
  const submission = parseWithZod(formData, { schema: partSchema });
  if (submission.status !== 'success') {
    const messages = Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []);
    return partRefused(args, form, messages[0] ?? 'Check the part');
  }
  const result = form === 'new' ? addPart(buildId, userId, submission.value) : confirmPart(buildId, userId, form, submission.value);
  if (result.ok)
    return redirectWithToast(atPlace(back, PLACES.parts), { title: form === 'new' ? 'Part added' : 'Part confirmed' }, { status: 303 });
  if (result.reason === 'too_many') return partRefused(args, form, `A build lists at most ${MAX_BUILD_PARTS} parts`);
  notYours(result);
}

export function deletePart(buildId: number, userId: number, partId: number, back: string) {
  const result = removePart(buildId, userId, partId);
  if (!result.ok && result.reason !== 'not_found') notYours(result);
  return redirectWithToast(atPlace(back, PLACES.parts), { title: 'Part removed' }, { status: 303 });
}

/** A photo's refusal, beside the add-photo form. */
export function photoRefused(args: Route.ActionArgs, message: string, status = 400, headers?: HeadersInit) {
  return rejectForm(args, { error: message, target: 'photo' as const }, { status, headers });
}

export async function addPhoto(args: Route.ActionArgs, buildId: number, userId: number, formData: FormData, back: string) {
  const file = formData.get('image');
  if (!(file instanceof File)) return photoRefused(args, IMAGE_ERROR_MESSAGES.notImage);
  let imageId: number;
  try {
    imageId = await saveUploadedImage(file, clientAddressOf(args.request));
  } catch (error) {
    if (error instanceof UploadError) return photoRefused(args, error.message, error.status, error.headers);
    if (error instanceof ImageError) return photoRefused(args, error.message, error.status);
    throw error;
  }
  const result = await addBuildPhoto(buildId, userId, imageId);
  if (result.ok) {
    return redirectWithToast(
      atPlace(back, PLACES.photos),
      { title: 'Photo added', description: 'It shows on the build page once it has been checked.' },
      { status: 303 },
    );
  }
  if (result.reason === 'too_many') return photoRefused(args, `A build has at most ${MAX_EXTRA_PHOTOS} more photos: remove one first`, 409);
  if (result.reason === 'duplicate') return photoRefused(args, 'This build already has that photo', 409);
  notYours(result);
}

export async function deletePhoto(buildId: number, userId: number, photoId: number, back: string) {
  const result = await removeBuildPhoto(buildId, userId, photoId);
  if (!result.ok && result.reason !== 'not_found') notYours(result);
  return redirectWithToast(atPlace(back, PLACES.photos), { title: 'Photo removed' }, { status: 303 });
}
