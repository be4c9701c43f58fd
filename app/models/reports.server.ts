import { and, eq } from 'drizzle-orm';
import { builds, comments, reports } from '../../db/schema';
import { db } from '~/services/db.server';

export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or hateful',
  nsfw: 'Sexual or NSFW content',
  people: 'Shows people or faces',
  unrelated: 'Not a PC build',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === 'string' && Object.hasOwn(REPORT_REASONS, value);
}

export type ReportTarget = { buildId: number } | { commentId: number };

/**
 * Files a member's report of a listed build or of a comment on one, for the
 * moderators' queue. One report per member and item: reporting again says so
 * and changes nothing. Null when the item does not exist.
 */
export function reportItem(
  reporterId: number,
  target: ReportTarget,
  reason: ReportReason,
  details = '',
): 'reported' | 'already_reported' | null {
  return db().transaction((tx) => {
    const exists =
      'buildId' in target
        ? tx
            .select({ id: builds.id })
            .from(builds)
            .where(and(eq(builds.id, target.buildId), eq(builds.reviewStatus, 'approved')))
            .get()
        : tx.select({ id: comments.id }).from(comments).where(eq(comments.id, target.commentId)).get();
    if (!exists) return null;
    const inserted = tx
      .insert(reports)
      .values({ reporterId, ...target, reason, details: details.trim().slice(0, 500) })
      .onConflictDoNothing()
      .run();
    return inserted.changes > 0 ? 'reported' : 'already_reported';
  });
}
