import { eq, lt } from 'drizzle-orm';
import { builds, pendingComments } from '../../db/schema';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { randomToken } from '~/services/crypto.server';
import { db } from '~/services/db.server';
import { addCommentIn, CommentError, type NewComment } from './comments.server';
import { consumeRateLimitIn } from './rate-limits.server';

/** How long a guest's comment waits for them to sign in (or register: a code, a username). */
export const PENDING_COMMENT_TTL_MS = 3600_000;

export type KeptComment = { ok: true; id: string; expiresAt: Date } | { ok: false; reason: 'not_found' | 'limited' };

/**
 * Keeps a guest's comment (already checked against the form's schema) until they sign
 * in, replacing `replaces`, the one their browser kept before. Counted per network
 * address: each is a row until it is posted or expires. 'not_found' for a build that
 * takes no comments.
 */
export function keepPendingComment(
  { buildId, parentCommentId, content, address, replaces }: Omit<NewComment, 'userId'> & { address: string; replaces: string | null },
  now = Date.now(),
): KeptComment {
  return db().transaction((tx): KeptComment => {
    if (replaces) tx.delete(pendingComments).where(eq(pendingComments.id, replaces)).run();
    const build = tx.select({ status: builds.reviewStatus }).from(builds).where(eq(builds.id, buildId)).get();
    if (build?.status !== 'approved') return { ok: false, reason: 'not_found' };
    if (!consumeRateLimitIn(tx, RATE_LIMITS.pendingComment.perAddress, address, now).allowed) return { ok: false, reason: 'limited' };
    const id = randomToken(18);
    const expiresAt = new Date(now + PENDING_COMMENT_TTL_MS);
    tx.insert(pendingComments)
      .values({ id, buildId, parentCommentId: parentCommentId ?? null, content, expiresAt, createdAt: new Date(now) })
      .run();
    return { ok: true, id, expiresAt };
  });
}

export type PostedComment =
  | { ok: true; buildId: number; commentId: number }
  /** Gone: posted by another tab a moment ago, or it waited too long. */
  | { ok: false; reason: 'expired' }
  /** The model refused it (`message` says why: the member is suspended, the build or thread is gone). */
  | { ok: false; reason: CommentError['reason']; message: string; buildId: number };

/**
 * Posts the kept comment `id` as `userId`'s, once: it is taken in the transaction that
 * posts it, so two tabs finishing sign-in at once post it once. Refused as addComment
 * refuses (a suspended member's is not posted), it is dropped all the same: the
 * member is told why.
 */
export function postPendingComment(id: string, userId: number, now = new Date()): PostedComment {
  return db().transaction((tx): PostedComment => {
    const pending = tx.delete(pendingComments).where(eq(pendingComments.id, id)).returning().get();
    if (!pending || pending.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    const comment = { buildId: pending.buildId, userId, content: pending.content, parentCommentId: pending.parentCommentId };
    try {
      // A savepoint: a refusal undoes nothing but the comment.
      const posted = tx.transaction((inner) => addCommentIn(inner, comment, now));
      return { ok: true, buildId: pending.buildId, commentId: posted.id };
    } catch (error) {
      if (error instanceof CommentError) return { ok: false, reason: error.reason, message: error.message, buildId: pending.buildId };
      throw error;
    }
  });
}

/** Housekeeping: comments that waited longer than PENDING_COMMENT_TTL_MS. */
export function prunePendingComments(now = Date.now()): number {
  return db()
    .delete(pendingComments)
    .where(lt(pendingComments.expiresAt, new Date(now)))
    .run().changes;
}
