import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from 'react-router';
import type { Route } from './+types/route';
import { createBuild } from '~/models/builds.server';
import { GLOW_UP_REFUSALS, type GlowUpRefusal } from '~/models/glow-up-link.server';
import { glowUpStart } from '~/models/glow-ups.server';
import { saveUploadedImage } from '~/models/uploads.server';
import { createTempUpload, setTempUploadDetails, type TempUploadDetails } from '~/models/temp-uploads.server';
import { IMAGE_ERROR_MESSAGES } from '~/images/messages';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { ImageError } from '~/images/encode.server';
import { UploadError } from '~/services/multipart.server';
import { clientAddressOf } from '~/web/client-address.server';
import {
  finishPendingUpload,
  forgetPendingUpload,
  PENDING_UPLOAD_STATUS,
  pendingUpload,
  pendingUploadRefusal,
  rememberPendingUpload,
} from '~/web/pending-upload.server';
import { rejectForm } from '~/web/reject-form.server';
import { currentUser } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';
import { aboutPhoto, uploadSchema } from '~/utils/schemas';
import { suspendedMessage } from '~/utils/suspension';
import { buildPath } from '~/utils/build-path';

/** A refused upload: the form's messages (the title's, the photo's, or the form's own) and a toast. */
export function uploadFailed(
  args: Route.ActionArgs,
  message: string,
  status: number,
  result?: SubmissionResult<string[]>,
  headers?: HeadersInit,
) {
  return rejectForm(
    args,
    { result: result ?? { status: 'error', error: { '': [message] } } },
    { status, headers, toast: { kind: 'error', title: 'Upload failed', description: message } },
  );
}

/**
 * A photo refused: its message under its input, where the browser's own check
 * shows it: the main photo's, or, named, the further photos' (`extra`, the one at fault).
 */
function photoRefused(args: Route.ActionArgs, error: UploadError | ImageError, submission?: Submission<unknown>, extra?: File) {
  const message = extra ? aboutPhoto(extra, error.message) : error.message;
  const fieldErrors = { [extra ? 'photos' : 'image']: [message] };
  const result = submission?.reply({ fieldErrors }) ?? { status: 'error', error: fieldErrors };
  return uploadFailed(args, message, error.status, result, error instanceof UploadError ? error.headers : undefined);
}

/** The form could not be read: too large is the photo's fault; too many or too busy is nobody's. */
export function uploadRefused(args: Route.ActionArgs, error: UploadError) {
  if (error.status === 413) return photoRefused(args, error);
  return uploadFailed(args, error.message, error.status, undefined, error.headers);
}

/** A posted photo (the main one, or `extra`), stored through the upload pipeline: its image id, or the answer that refuses it. */
async function storeImage(args: Route.ActionArgs, file: unknown, submission?: Submission<unknown>, extra?: File) {
  if (!(file instanceof File)) return photoRefused(args, new ImageError(IMAGE_ERROR_MESSAGES.notImage), submission);
  try {
    return await saveUploadedImage(file, clientAddressOf(args.request));
  } catch (error) {
    // Too many or too busy is nobody's fault: said for the form, which keeps what was typed.
    if (error instanceof UploadError && error.status !== 413) {
      return uploadFailed(args, error.message, error.status, submission?.reply({ formErrors: [error.message] }), error.headers);
    }
    if (error instanceof UploadError || error instanceof ImageError) return photoRefused(args, error, submission, extra);
    throw error;
  }
}

/** The further photos, stored one by one as the main one is: their image ids in order, or the answer that refuses one, by name. */
async function storeExtraPhotos(args: Route.ActionArgs, photos: File[], submission: Submission<unknown>) {
  const imageIds: number[] = [];
  for (const photo of photos) {
    const imageId = await storeImage(args, photo, submission, photo);
    if (typeof imageId !== 'number') return imageId;
    imageIds.push(imageId);
  }
  return imageIds;
}

/** Whether a file over the photo limit came with the form: its refusal is a 413, as the server's own limit's is. */
function hasTooLargeFile(formData: FormData): boolean {
  return [...formData.values()].some((value) => value instanceof File && value.size > UPLOAD_MAX_BYTES);
}

/** The home page's drop zone without JavaScript: keep the photo, ask for the title here. */
export async function stage(args: Route.ActionArgs, formData: FormData) {
  const imageId = await storeImage(args, formData.get('image'));
  if (typeof imageId !== 'number') return imageId;
  return redirect('/upload', { headers: { 'Set-Cookie': await keepPendingUpload(imageId, {}) } });
}

/**
 * The title, the description, tags and further photos, and, unless a photo is already
 * waiting (`finalize`), the photo: a new build, or a guest's pending upload that keeps
 * it all through sign-in.
 */
export async function upload(args: Route.ActionArgs, formData: FormData, { finalize }: { finalize: boolean }) {
  const submission = parseWithZod(formData, { schema: uploadSchema });
  if (submission.status !== 'success') {
    const messages = Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []);
    return uploadFailed(args, messages[0] ?? 'Title is required', hasTooLargeFile(formData) ? 413 : 400, submission.reply());
  }
  const { title, description, tags, photos, roastIntensity, glowUpOf, parts } = submission.value;
  const user = currentUser(args);
  // A glow-up follows one of the member's own builds: refused before any photo is stored, and checked again as it is published.
  if (glowUpOf !== null) {
    if (!user) return uploadFailed(args, 'Sign in to post a glow-up of your build.', 401);
    const start = glowUpStart(user.id, glowUpOf);
    if (!start.ok) return glowUpRefused(args, start.reason);
  }
  const glowUp = glowUpOf === null ? {} : { glowUpOf, parts };

  // Finishing a photo that is already waiting (from the drop zone, or a guest's upload).
  if (finalize) {
    const pending = await pendingUpload(args.request);
    if (!pending) return uploadFailed(args, pendingUploadRefusal({ refused: 'expired' }), PENDING_UPLOAD_STATUS.expired);
    // Photos chosen now join those already waiting with it, four at most in all.
    const room = MAX_EXTRA_PHOTOS - pending.extraImageIds.length;
    if (photos.length > room) {
      const message = `${pending.extraImageIds.length} more photos are already waiting with this upload: choose at most ${room} more`;
      return uploadFailed(args, message, 400, submission.reply({ fieldErrors: { photos: [message] } }));
    }
    const extraImageIds = await storeExtraPhotos(args, photos, submission);
    if (!Array.isArray(extraImageIds)) return extraImageIds;
    if (!user) {
      setTempUploadDetails(pending.id, {
        title,
        roastIntensity,
        description,
        tags,
        extraImageIds: [...pending.extraImageIds, ...extraImageIds],
      });
      return askToSignIn();
    }
    const finished = await finishPendingUpload(args.request, user.id, {
      title,
      roastIntensity,
      details: { description, tags },
      extraImageIds,
      ...glowUp,
    });
    if ('refused' in finished) return uploadFailed(args, pendingUploadRefusal(finished), PENDING_UPLOAD_STATUS[finished.refused]);
    return uploaded(finished.buildId, { 'Set-Cookie': await forgetPendingUpload() });
  }

  const imageId = await storeImage(args, formData.get('image'), submission);
  if (typeof imageId !== 'number') return imageId;
  const extraImageIds = await storeExtraPhotos(args, photos, submission);
  if (!Array.isArray(extraImageIds)) return extraImageIds;

  if (user) {
    const created = await createBuild({ userId: user.id, title, imageId, description, tags, roastIntensity, extraImageIds, ...glowUp });
    // Suspended since the guard let the post through.
    if (!created.ok && created.reason === 'suspended') return uploadFailed(args, suspendedMessage(created.until), 403);
    if (!created.ok && created.reason === 'glow_up') return glowUpRefused(args, created.refusal);
    if (!created.ok) throw new Error('A new build could not be created');
    return uploaded(created.buildId);
  }
  // A guest: keep the photos and what they wrote, have them sign in, and finish it right after (docs/product.md §4, guest upload).
  return askToSignIn({ 'Set-Cookie': await keepPendingUpload(imageId, { title, roastIntensity, description, tags, extraImageIds }) });
}

/** A glow-up of a build that is not the member's (403) or no longer exists (404): nothing is published. */
function glowUpRefused(args: Route.ActionArgs, refusal: GlowUpRefusal) {
  return uploadFailed(args, GLOW_UP_REFUSALS[refusal], refusal === 'not_owner' ? 403 : 404);
}

/** Keeps the photo (and what was sent with it) as this browser's pending upload; answers the cookie that remembers it. */
async function keepPendingUpload(imageId: number, details: Partial<TempUploadDetails>): Promise<string> {
  const temp = createTempUpload({ imageId, ...details });
  if (!temp) throw new Error('A new temp upload could not be created');
  return rememberPendingUpload(temp.id);
}

function askToSignIn(headers?: HeadersInit) {
  return redirectWithToast(
    '/auth?tab=register&redirectTo=%2Fupload',
    { title: 'Sign in to finish your upload', description: 'Your photo is saved for 24 hours. Sign in and it goes live at once.' },
    { headers },
  );
}

function uploaded(buildId: number, headers?: HeadersInit) {
  return redirectWithToast(
    buildPath(buildId),
    { title: 'Upload successful', description: 'Your build is being roasted by AI.' },
    { headers },
  );
}
