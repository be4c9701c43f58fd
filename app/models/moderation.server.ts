import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { builds, comments, jobs, reports, users } from '../../db/schema';
import { enqueueJob } from '~/queue/enqueue.server';
import { roastJob } from '~/queue/job-types';
import { type Actor, recordAudit } from './audit.server';
import { approveBuildIn } from './builds.server';
import { removeComment } from './comments.server';
import { REPORT_REASONS, type ReportReason } from './reports.server';
import { settleImageFiles } from '~/images/storage.server';
import { isStaff, type Viewer } from '~/domain/permissions';
import { requestLeaderboards } from './leaderboards.server';
import { db, type Writer } from '~/services/db.server';

type Staff = Viewer & Actor;

/** Why a moderator removed something, by reason: `photo` names the picture in question. */
const REMOVAL_GROUNDS: Record<ReportReason, (photo: string) => string> = {
  spam: () => 'it looks like spam or advertising.',
  offensive: () => 'it breaks our content guidelines (offensive or hateful content).',
  nsfw: (photo) => `${photo} breaks our content guidelines (sexual or NSFW material).`,
  people: () => 'build photos may not show people or faces.',
  unrelated: (photo) => `${photo} doesn't show a PC build.`,
  other: () => 'it does not meet our content guidelines.',
};

/** What the owner of a build, or of one of its extra photos, a moderator rejects or removes is told. */
export function removalReason(subject: 'build' | 'photo', reason: ReportReason): string {
  return `A moderator removed this ${subject}: ${REMOVAL_GROUNDS[reason](subject === 'build' ? 'the photo' : 'it')}`;
}

/** Why a build a moderator hid from its page waits in the queue (its owner sees it). */
export const HIDDEN_REASON = 'A moderator hid this build while they look at it.';

/**
 * Takes a build off the site (held for the queue, or rejected) with the reason its
 * owner reads, answering its image id: settle its files once the transaction is committed.
 * A moderator's, or a late look's (see saveLook): either way no look is owed any more.
 */
export function unlistBuild(
  tx: Writer,
  buildId: number,
  reviewStatus: 'held' | 'rejected',
  reviewReason: string,
  now: Date,
): number | null {
  const build = tx
    .update(builds)
    .set({ reviewStatus, reviewReason, lookPending: false })
    .where(eq(builds.id, buildId))
    .returning({ imageId: builds.imageId })
    .get();
  requestLeaderboards(tx, now.getTime());
  return build?.imageId ?? null;
}

/**
 * After a decision's transaction: the build's photo is published, taken back out of the
 * public folder, or deleted (rejected), as its new state says, before the answer goes out.
 */
export async function settled(result: ModerationResult & { imageId?: number | null }): Promise<ModerationResult> {
  const { imageId, ...answer } = result;
  if (imageId) await settleImageFiles([imageId]);
  return answer;
}

export type HeldBuild = {
  id: number;
  title: string;
  username: string;
  imageId: number;
  photoAlt: string | null;
  reviewReason: string | null;
  createdAt: Date;
};

/** Builds waiting for a moderator (held by screening, or hidden), oldest first: first come, first seen. */
export function listHeldBuilds(): HeldBuild[] {
  return db()
    .select({
      id: builds.id,
      title: builds.title,
      username: users.username,
      imageId: builds.imageId,
      photoAlt: builds.photoAlt,
      reviewReason: builds.reviewReason,
      createdAt: builds.createdAt,
    })
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(eq(builds.reviewStatus, 'held'))
    .orderBy(asc(builds.createdAt), asc(builds.id))
    .all();
}

export type ModerationResult = { ok: true; label: string } | { ok: false; reason: 'forbidden' | 'not_found' };

/**
 * A moderator's decision on a held build: approved, it is listed (and roasted if
 * it has no roast yet) and its photo published; rejected, it stays hidden, its owner
 * reads `reason`, and its photo is deleted.
 */
export async function decideHeldBuild(
  actor: Staff,
  buildId: number,
  decision: { approve: true } | { approve: false; reason: ReportReason },
  now = new Date(),
): Promise<ModerationResult> {
  if (!isStaff(actor)) return { ok: false, reason: 'forbidden' };
  return settled(
    db().transaction((tx) => {
      const build = tx
        .select({ title: builds.title })
        .from(builds)
        .where(and(eq(builds.id, buildId), eq(builds.reviewStatus, 'held')))
        .get();
      if (!build) return { ok: false, reason: 'not_found' } as const;
      let imageId: number | null;
      if (decision.approve) {
        imageId = approveBuildIn(tx, buildId, now);
        requestLeaderboards(tx, now.getTime());
      } else {
        imageId = unlistBuild(tx, buildId, 'rejected', removalReason('build', decision.reason), now);
      }
      recordAudit(
        tx,
        actor,
        {
          action: decision.approve ? 'approve-build' : 'reject-build',
          targetType: 'build',
          targetId: buildId,
          targetLabel: build.title,
          details: decision.approve ? '' : REPORT_REASONS[decision.reason],
        },
        now,
      );
      return { ok: true, label: build.title, imageId } as const;
    }),
  );
}

/**
 * Hides a listed build from everyone but its owner and staff until a moderator decides
 * (it joins the queue); its photo leaves the public folder.
 */
export async function hideBuild(actor: Staff, buildId: number, now = new Date()): Promise<ModerationResult> {
  if (!isStaff(actor)) return { ok: false, reason: 'forbidden' };
  return settled(
    db().transaction((tx) => {
      const build = tx
        .select({ title: builds.title })
        .from(builds)
        .where(and(eq(builds.id, buildId), eq(builds.reviewStatus, 'approved')))
        .get();
      if (!build) return { ok: false, reason: 'not_found' } as const;
      const imageId = unlistBuild(tx, buildId, 'held', HIDDEN_REASON, now);
      recordAudit(tx, actor, { action: 'hide-build', targetType: 'build', targetId: buildId, targetLabel: build.title }, now);
      return { ok: true, label: build.title, imageId } as const;
    }),
  );
}

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** Deletes any comment (with its replies), for moderators and admins. */
export function deleteAnyComment(actor: Staff, commentId: number, now = new Date()): ModerationResult {
  if (!isStaff(actor)) return { ok: false, reason: 'forbidden' };
  return db().transaction((tx) => {
    const removed = removeComment(tx, commentId);
    if (!removed) return { ok: false, reason: 'not_found' } as const;
    recordAudit(
      tx,
      actor,
      { action: 'delete-comment', targetType: 'comment', targetId: commentId, targetLabel: excerpt(removed.content) },
      now,
    );
    return { ok: true, label: excerpt(removed.content) } as const;
  });
}

export type OpenReport = {
  id: number;
  reason: ReportReason;
  details: string;
  reporter: string;
  createdAt: Date;
  buildId: number;
  buildTitle: string;
  commentId: number | null;
  commentText: string | null;
};

/** Open reports, oldest first, with what they are about (a build, or a comment on one). */
export function listOpenReports(): OpenReport[] {
  return db()
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      reporter: users.username,
      createdAt: reports.createdAt,
      buildId: sql<number>`coalesce(${reports.buildId}, ${comments.buildId})`,
      buildTitle: builds.title,
      commentId: reports.commentId,
      commentText: comments.content,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .innerJoin(builds, eq(builds.id, sql`coalesce(${reports.buildId}, ${comments.buildId})`))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .all();
}

/**
 * Closes a report: dismissed (the item stays), or acted on: a reported comment
 * is deleted; a reported build is taken down with the report's reason for its
 * owner, and its photo deleted. Every open report on the same item closes with it.
 */
export async function resolveReport(
  actor: Staff,
  reportId: number,
  decision: 'dismiss' | 'remove',
  now = new Date(),
): Promise<ModerationResult> {
  if (!isStaff(actor)) return { ok: false, reason: 'forbidden' };
  return settled(
    db().transaction((tx) => {
      const report = tx
        .select()
        .from(reports)
        .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
        .get();
      if (!report) return { ok: false, reason: 'not_found' } as const;
      const sameItem = report.commentId !== null ? eq(reports.commentId, report.commentId) : eq(reports.buildId, report.buildId!);
      let label = '';
      let imageId: number | null = null;
      if (decision === 'dismiss') {
        tx.update(reports).set({ status: 'dismissed' }).where(eq(reports.id, reportId)).run();
      } else {
        tx.update(reports)
          .set({ status: 'actioned' })
          .where(and(sameItem, eq(reports.status, 'open')))
          .run();
        if (report.commentId !== null) {
          label = excerpt(removeComment(tx, report.commentId)?.content ?? '');
        } else {
          const build = tx.select({ title: builds.title }).from(builds).where(eq(builds.id, report.buildId!)).get();
          label = build?.title ?? '';
          imageId = unlistBuild(tx, report.buildId!, 'rejected', removalReason('build', report.reason), now);
        }
      }
      recordAudit(
        tx,
        actor,
        {
          action: decision === 'dismiss' ? 'dismiss-report' : 'act-on-report',
          targetType: 'report',
          targetId: reportId,
          targetLabel: label,
          details: `${REPORT_REASONS[report.reason]} (${report.commentId !== null ? `comment #${report.commentId}` : `build #${report.buildId}`})`,
        },
        now,
      );
      return { ok: true, label, imageId } as const;
    }),
  );
}

export type FailedRoast = { buildId: number; title: string; username: string; failedAt: Date; lastError: string | null };

/** Listed builds whose roast gave up, newest first, with the job's last error. */
export function listFailedRoasts(): FailedRoast[] {
  const rows = db()
    .select({ buildId: builds.id, title: builds.title, username: users.username, failedAt: builds.roastFailedAt })
    .from(builds)
    .innerJoin(users, eq(users.id, builds.userId))
    .where(and(isNotNull(builds.roastFailedAt), eq(builds.reviewStatus, 'approved')))
    .orderBy(desc(builds.roastFailedAt))
    .all();
  const errors = new Map(
    rows.length === 0
      ? []
      : db()
          .select({ key: jobs.key, lastError: jobs.lastError })
          .from(jobs)
          .where(
            and(
              eq(jobs.status, 'failed'),
              inArray(
                jobs.key,
                rows.map((row) => roastJob(row.buildId).key),
              ),
            ),
          )
          .orderBy(asc(jobs.id))
          .all()
          .map((job) => [job.key, job.lastError]),
  );
  return rows.map((row) => ({ ...row, failedAt: row.failedAt!, lastError: errors.get(roastJob(row.buildId).key) ?? null }));
}

/** Queues a failed roast again (the admin retry of the roast engine's failed jobs). */
export function retryRoast(actor: Staff, buildId: number, now = new Date()): ModerationResult {
  if (!isStaff(actor)) return { ok: false, reason: 'forbidden' };
  return db().transaction((tx) => {
    const build = tx
      .select({ title: builds.title })
      .from(builds)
      .where(and(eq(builds.id, buildId), isNotNull(builds.roastFailedAt)))
      .get();
    if (!build || !enqueueJob(tx, roastJob(buildId), now)) return { ok: false, reason: 'not_found' } as const;
    tx.update(builds).set({ roastFailedAt: null }).where(eq(builds.id, buildId)).run();
    recordAudit(tx, actor, { action: 'retry-roast', targetType: 'build', targetId: buildId, targetLabel: build.title }, now);
    return { ok: true, label: build.title } as const;
  });
}
