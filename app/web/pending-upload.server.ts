import type { BuildDetails } from '~/models/build-details.server';
import { createBuild } from '~/models/builds.server';
import { GLOW_UP_REFUSALS, type GlowUpRefusal } from '~/models/glow-up-link.server';
import type { ListedPart } from '~/domain/glow-ups';
import type { RoastIntensity } from '~/domain/roast-intensity';
import { findTempUpload, TEMP_UPLOAD_TTL_MS, type TempUpload } from '~/models/temp-uploads.server';
import { shortDateTime } from '~/utils/dates';
import { suspendedMessage } from '~/utils/suspension';
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

export type FinishedUpload =
  | { buildId: number }
  | { refused: 'expired' | 'finished' }
  /** The glow-up's link was refused (another member's build, or none): nothing was published. */
  | { refused: 'glow_up'; refusal: GlowUpRefusal }
  /** The member is suspended: the upload was not published, and waits until it expires (`keptUntil`). */
  | { refused: 'suspended'; until: Date; keptUntil: Date };

/** Why a pending upload could not be finished, in words for the member. */
export function pendingUploadRefusal(finished: Extract<FinishedUpload, { refused: string }>): string {
  switch (finished.refused) {
    case 'expired':
      return 'This upload has expired. Please choose your photo again.';
    case 'finished':
      return 'This upload was already finished.';
    case 'glow_up':
      return GLOW_UP_REFUSALS[finished.refusal];
    case 'suspended':
      // A guest upload is kept a day: mostly less than the suspension lasts.
      return finished.keptUntil <= finished.until
        ? `${suspendedMessage(finished.until)} Your upload was not published, and it will be deleted on ${shortDateTime(finished.keptUntil)}, before your suspension ends.`
        : `${suspendedMessage(finished.until)} Your upload was not published: once your suspension ends, you can publish it from the upload page until ${shortDateTime(finished.keptUntil)}.`;
  }
}

/** The status a refusal is answered with (the API's 404 for an upload it does not know is its own). */
export const PENDING_UPLOAD_STATUS = { expired: 410, finished: 409, suspended: 403, glow_up: 403 } as const;

/**
 * Turns the browser's pending upload into `userId`'s build, once: titled `title`,
 * described and tagged as `details` say and roasted as hard as `roastIntensity`,
 * or else as the guest sent it, with the further photos the guest sent and then
 * `extraImageIds`. The cookie is what makes
 * an upload this browser's own: a `tempUploadId` naming any other counts as expired,
 * so an id seen elsewhere cannot publish someone's photo. 'finished' when another
 * tab finished it a moment ago; 'suspended', and kept, while the member is suspended.
 */
export async function finishPendingUpload(
  request: Request,
  userId: number,
  {
    title,
    tempUploadId,
    details,
    extraImageIds = [],
    roastIntensity,
    glowUpOf = null,
    parts,
  }: {
    title?: string;
    tempUploadId?: string;
    details?: BuildDetails;
    extraImageIds?: number[];
    roastIntensity?: RoastIntensity;
    glowUpOf?: number | null;
    parts?: ListedPart[];
  } = {},
): Promise<FinishedUpload> {
  const pending = await pendingUpload(request);
  if (!pending || (tempUploadId !== undefined && tempUploadId !== pending.id)) return { refused: 'expired' };
  const { description, tags } = details ?? pending;
  const created = await createBuild({
    userId,
    title: title ?? pending.title,
    imageId: pending.imageId,
    tempUploadId: pending.id,
    roastIntensity: roastIntensity ?? pending.roastIntensity,
    description,
    tags,
    extraImageIds: [...pending.extraImageIds, ...extraImageIds],
    glowUpOf,
    parts,
  });
  if (created.ok) return { buildId: created.buildId };
  if (created.reason === 'suspended') return { refused: 'suspended', until: created.until, keptUntil: pending.expiresAt };
  if (created.reason === 'glow_up') return { refused: 'glow_up', refusal: created.refusal };
  return { refused: created.reason };
}
