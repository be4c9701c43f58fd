import { createBuild } from '~/models/builds.server';
import { findTempUpload, TEMP_UPLOAD_TTL_MS, type TempUpload } from '~/models/temp-uploads.server';
import { appCookie } from './cookies.server';

// A guest's upload waiting for them to sign in: its id, in a signed cookie, so the
// build is created right after sign-in, without JavaScript too.
const pendingUploadCookie = appCookie('rr_pending_upload', { maxAge: TEMP_UPLOAD_TTL_MS / 1000 });

export async function rememberPendingUpload(tempUploadId: string): Promise<string> {
  return pendingUploadCookie().serialize(tempUploadId);
}

export async function forgetPendingUpload(): Promise<string> {
  return pendingUploadCookie().serialize('', { maxAge: 0 });
}

/** The browser's pending upload, while it is still waiting. */
export async function pendingUpload(request: Request): Promise<TempUpload | null> {
  const id: unknown = await pendingUploadCookie().parse(request.headers.get('Cookie'));
  return typeof id === 'string' && id ? findTempUpload(id) : null;
}

/** Turns the browser's pending upload into `userId`'s build, once; null when there is none. */
export async function finishPendingUpload(request: Request, userId: number): Promise<number | null> {
  const pending = await pendingUpload(request);
  if (!pending) return null;
  // Null when another tab finished it a moment ago.
  return createBuild({ userId, title: pending.title, imageId: pending.imageId, tempUploadId: pending.id });
}
