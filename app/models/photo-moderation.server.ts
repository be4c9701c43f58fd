import { and, asc, eq } from 'drizzle-orm';
import { buildPhotos, builds, users } from '../../db/schema';
import { isStaff, type Viewer } from '~/domain/permissions';
import type { ScreeningScores } from '~/roast/screening/verdict';
import { db } from '~/services/db.server';
import { type Actor, recordAudit } from './audit.server';
import { type ModerationResult, removalReason, settled } from './moderation.server';
import { REPORT_REASONS, type ReportReason } from './reports.server';

// A build's extra photo that screening held waits for a moderator, like a held build:
// shown, it joins the build's gallery (published once the build is listed); removed,
// its owner reads why beside it on their edit page and its files go.

export type HeldPhoto = {
  id: number;
  buildId: number;
  buildTitle: string;
  username: string;
  imageId: number;
  position: number;
  alt: string | null;
  /** Screening's verdict, as its owner reads it. */
  reviewReason: string | null;
  /** What the local models measured, when they ran (not when screening itself failed). */
  scores: { nsfw: number; faces: number } | null;
  createdAt: Date;
};

/** Extra photos waiting for a moderator, oldest first, with their build and its owner. */
export function listHeldPhotos(): HeldPhoto[] {
  return db()
    .select({
      id: buildPhotos.id,
      buildId: buildPhotos.buildId,
      buildTitle: builds.title,
      username: users.username,
      imageId: buildPhotos.imageId,
      position: buildPhotos.position,
      alt: buildPhotos.alt,
      reviewReason: buildPhotos.reviewReason,
      screening: buildPhotos.screening,
      createdAt: buildPhotos.createdAt,
    })
    .from(buildPhotos)
    .innerJoin(builds, eq(builds.id, buildPhotos.buildId))
    .innerJoin(users, eq(users.id, builds.userId))
    .where(eq(buildPhotos.reviewStatus, 'held'))
    .orderBy(asc(buildPhotos.createdAt), asc(buildPhotos.id))
    .all()
    .map(({ screening, ...photo }) => {
      const scores = screening as Partial<ScreeningScores> | null;
      return {
        ...photo,
        scores: typeof scores?.nsfw === 'number' ? { nsfw: scores.nsfw, faces: scores.faces ?? 0 } : null,
      };
    });
}

/**
 * A moderator's decision on a held extra photo: approved, it shows (its files are
 * published if its build is listed); rejected, its owner reads `reason` and its files
 * are deleted. Audited against its build, with who and why.
 */
export async function decideHeldPhoto(
  actor: Viewer & Actor,
  photoId: number,
  decision: { approve: true } | { approve: false; reason: ReportReason },
  now = new Date(),
): Promise<ModerationResult> {
  if (!isStaff(actor)) return { ok: false, reason: 'forbidden' };
  return settled(
    db().transaction((tx) => {
      const photo = tx
        .select({ buildId: buildPhotos.buildId, position: buildPhotos.position, imageId: buildPhotos.imageId, title: builds.title })
        .from(buildPhotos)
        .innerJoin(builds, eq(builds.id, buildPhotos.buildId))
        .where(and(eq(buildPhotos.id, photoId), eq(buildPhotos.reviewStatus, 'held')))
        .get();
      if (!photo) return { ok: false, reason: 'not_found' } as const;
      tx.update(buildPhotos)
        .set(
          decision.approve
            ? { reviewStatus: 'approved', reviewReason: null }
            : { reviewStatus: 'rejected', reviewReason: removalReason('photo', decision.reason) },
        )
        .where(eq(buildPhotos.id, photoId))
        .run();
      recordAudit(
        tx,
        actor,
        {
          action: decision.approve ? 'approve-photo' : 'reject-photo',
          targetType: 'build',
          targetId: photo.buildId,
          targetLabel: photo.title,
          details: `Photo ${photo.position}${decision.approve ? '' : `: ${REPORT_REASONS[decision.reason]}`}`,
        },
        now,
      );
      const label = `Photo ${photo.position} of ${photo.title}`;
      return { ok: true, label, imageId: photo.imageId } as const;
    }),
  );
}
