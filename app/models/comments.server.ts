import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { builds, comments, users } from '../../db/schema';
import { activeJobPayloads, enqueueJob } from '~/queue/enqueue.server';
import { AI_REPLY_JOB, aiReplyJob } from '~/queue/job-types';
import { db, type Writer } from '~/services/db.server';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { AI_NAME, COMMENT_MAX_LENGTH, DELETED_COMMENT } from '~/utils/constants';
import { suspendedMessage } from '~/utils/suspension';
import { recountComments } from './builds.server';
import { suspensionOf } from './member-moderation.server';
import { notifyComment, notifyRoastBotReply } from './notifications.server';
import { recordComment } from './progression.server';
import { consumeRateLimitIn } from './rate-limits.server';
import { rememberReplyLines } from './roast-memory.server';
import type { CommentSort, CommentThread, CommentView } from '~/domain/comments';

const MENTION = new RegExp(`(^|[^\\w@])@${AI_NAME}\\b`, 'i');

/** A comment refused; `message` is shown to the member, `reason` lets callers answer in kind. */
export class CommentError extends Error {
  override name = 'CommentError';
  readonly reason: 'invalid' | 'not_found' | 'suspended';

  constructor(message: string, reason: CommentError['reason'] = 'invalid') {
    super(message);
    this.reason = reason;
  }
}

export type NewComment = { buildId: number; userId: number; content: string; parentCommentId?: number | null };

/**
 * Adds a member's comment to a listed build and counts it on the build. A reply
 * to a reply joins its top-level thread (one level of replies). A comment that
 * mentions @RoastBot, or answers one of its replies, queues an AI reply in the
 * same transaction while the member's AI-reply allowance lasts; the build's owner
 * and the author of the comment it answers are notified in it too. Answers the comment as stored (trimmed, under its
 * thread's top-level comment).
 */
export function addComment(comment: NewComment, now = new Date()) {
  return db().transaction((tx) => addCommentIn(tx, comment, now));
}

/**
 * addComment in the caller's transaction. It asks the suspension guard's question of
 * the member's row too: a comment posted on their behalf outside a request the guard
 * stands in front of (a guest's, at sign-in) is refused while they are suspended.
 */
export function addCommentIn(tx: Writer, { buildId, userId, content, parentCommentId }: NewComment, now = new Date()) {
  const text = content.trim();
  if (!text) throw new CommentError('Comment cannot be empty');
  if (text.length > COMMENT_MAX_LENGTH) throw new CommentError(`Comment must be at most ${COMMENT_MAX_LENGTH} characters`);
  const until = suspensionOf(tx, userId, now);
  if (until) throw new CommentError(suspendedMessage(until), 'suspended');
  const build = tx.select({ status: builds.reviewStatus }).from(builds).where(eq(builds.id, buildId)).get();
  if (!build || build.status !== 'approved') throw new CommentError('Build not found', 'not_found');
  const parent = parentCommentId
    ? tx
        .select({ id: comments.id, parentId: comments.parentCommentId, isAI: comments.isAI, authorId: comments.userId })
        .from(comments)
        .where(and(eq(comments.id, parentCommentId), eq(comments.buildId, buildId)))
        .get()
    : undefined;
  if (parentCommentId && !parent) throw new CommentError('The comment you replied to no longer exists', 'not_found');
  const comment = tx
    .insert(comments)
    .values({ buildId, userId, content: text, parentCommentId: parent ? (parent.parentId ?? parent.id) : null, createdAt: now })
    .returning({ id: comments.id, content: comments.content, parentCommentId: comments.parentCommentId, createdAt: comments.createdAt })
    .get();
  recountComments(tx, [buildId]);
  notifyComment(tx, { id: comment.id, buildId, authorId: userId, repliedTo: parent?.authorId }, now);
  recordComment(tx, { commentId: comment.id, buildId, authorId: userId }, now);
  const wantsAi = MENTION.test(text) || parent?.isAI === true;
  const aiReplyQueued = wantsAi && allowAiReply(tx, userId, buildId, now.getTime()) && enqueueJob(tx, aiReplyJob(comment.id), now);
  return { ...comment, aiReplyQueued };
}

function allowAiReply(tx: Writer, userId: number, buildId: number, now: number): boolean {
  // The per-build allowance is checked first so a refused reply does not use up the daily one.
  return (
    consumeRateLimitIn(tx, RATE_LIMITS.aiReply.perBuild, `${userId}:${buildId}`, now).allowed &&
    consumeRateLimitIn(tx, RATE_LIMITS.aiReply.perMember, String(userId), now).allowed
  );
}

/** A comment waiting for RoastBot's answer, with its build and the thread so far (oldest first, up to it); null once deleted. */
export function commentForAiReply(commentId: number) {
  const comment = db()
    .select({
      id: comments.id,
      buildId: comments.buildId,
      userId: comments.userId,
      parentCommentId: comments.parentCommentId,
      createdAt: comments.createdAt,
      title: builds.title,
      roast: builds.roast,
      roastFacts: builds.roastFacts,
    })
    .from(comments)
    .innerJoin(builds, eq(builds.id, comments.buildId))
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
    .get();
  if (!comment) return null;
  const threadId = comment.parentCommentId ?? comment.id;
  const thread = db()
    .select({ author: users.username, isAI: comments.isAI, content: comments.content, deletedAt: comments.deletedAt })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(or(eq(comments.id, threadId), eq(comments.parentCommentId, threadId)), lte(comments.id, comment.id)))
    .orderBy(desc(comments.id))
    .limit(8)
    .all()
    .reverse()
    .map((row) =>
      row.deletedAt
        ? { author: DELETED_COMMENT, isAI: false, content: DELETED_COMMENT }
        : { author: row.isAI ? AI_NAME : (row.author ?? 'member'), isAI: row.isAI, content: row.content },
    );
  return { ...comment, threadId, thread };
}

/**
 * The comments on a build that RoastBot is still to answer (its reply queued or being
 * written), with their thread and who asked: the page says a reply is coming and the
 * asker's page looks again until it lands.
 */
export function awaitedAiReplies(buildId: number): { threadId: number; askerId: number | null }[] {
  const asked = activeJobPayloads(AI_REPLY_JOB)
    .map((payload) => Number(payload.commentId))
    .filter(Number.isSafeInteger);
  if (asked.length === 0) return [];
  return db()
    .select({ id: comments.id, parentCommentId: comments.parentCommentId, askerId: comments.userId })
    .from(comments)
    .where(and(inArray(comments.id, asked), eq(comments.buildId, buildId), isNull(comments.deletedAt)))
    .all()
    .map((comment) => ({ threadId: comment.parentCommentId ?? comment.id, askerId: comment.askerId }));
}

/**
 * Adds RoastBot's reply under the thread's top-level comment, and tells the member it
 * answers (`askerId`). `lines`: the built-in reply's line ids, remembered so later
 * replies avoid them.
 */
export function saveAiReply(
  tx: Writer,
  reply: { buildId: number; threadId: number; content: string; askerId: number | null; lines?: readonly string[] },
  now = new Date(),
): void {
  const { id } = tx
    .insert(comments)
    .values({ buildId: reply.buildId, userId: null, content: reply.content, isAI: true, parentCommentId: reply.threadId, createdAt: now })
    .returning({ id: comments.id })
    .get();
  if (reply.askerId !== null) notifyRoastBotReply(tx, { replyId: id, buildId: reply.buildId, askerId: reply.askerId }, now);
  if (reply.lines) rememberReplyLines(tx, id, reply.threadId, reply.lines);
  tx.update(builds)
    .set({ commentCount: sql`${builds.commentCount} + 1` })
    .where(eq(builds.id, reply.buildId))
    .run();
}

/**
 * A build's comment threads in `sort`'s order (newest first, or the most answered
 * first), each with its replies oldest first (a conversation reads down). `limit`
 * caps the threads; `threadCount` counts them all.
 */
export function listThreads(buildId: number, limit?: number, sort: CommentSort = 'new'): { threads: CommentThread[]; threadCount: number } {
  const columns = {
    id: comments.id,
    content: comments.content,
    isAI: comments.isAI,
    userId: comments.userId,
    username: users.username,
    level: users.level,
    avatarUrl: users.avatarUrl,
    createdAt: comments.createdAt,
    parentCommentId: comments.parentCommentId,
    deletedAt: comments.deletedAt,
  };
  type Row = {
    id: number;
    content: string;
    isAI: boolean;
    userId: number | null;
    username: string | null;
    level: number | null;
    avatarUrl: string | null;
    createdAt: Date;
    deletedAt: Date | null;
  };
  const view = (row: Row): CommentView =>
    row.deletedAt
      ? {
          id: row.id,
          content: DELETED_COMMENT,
          isAI: false,
          userId: null,
          username: DELETED_COMMENT,
          level: null,
          avatarUrl: '',
          createdAt: row.createdAt,
          deleted: true,
        }
      : {
          id: row.id,
          content: row.content,
          isAI: row.isAI,
          userId: row.userId,
          username: row.isAI ? AI_NAME : (row.username ?? 'member'),
          level: row.isAI ? null : row.level,
          avatarUrl: row.avatarUrl ?? '',
          createdAt: row.createdAt,
          deleted: false,
        };
  // A thread's replies, RoastBot's among them: what Top orders by.
  const replyCount = sql<number>`(select count(*) from ${comments} as answers where answers.parent_comment_id = ${comments.id})`;
  const topLevel = db()
    .select(columns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.buildId, buildId), isNull(comments.parentCommentId)))
    .orderBy(...(sort === 'top' ? [desc(replyCount)] : []), desc(comments.createdAt), desc(comments.id))
    .limit(limit ?? -1)
    .all();
  const threadCount =
    db()
      .select({ threads: count() })
      .from(comments)
      .where(and(eq(comments.buildId, buildId), isNull(comments.parentCommentId)))
      .get()?.threads ?? 0;
  const ids = topLevel.map((comment) => comment.id);
  const replies = ids.length
    ? db()
        .select(columns)
        .from(comments)
        .leftJoin(users, eq(users.id, comments.userId))
        .where(inArray(comments.parentCommentId, ids))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .all()
    : [];
  const threads = topLevel.map((comment) => ({
    ...view(comment),
    replies: replies.filter((reply) => reply.parentCommentId === comment.id).map(view),
  }));
  return { threads, threadCount };
}

/**
 * Removes a thread's top-level comment that its author deleted once its last
 * reply is gone: with nothing under it, "[deleted]" would only be noise.
 */
function dropEmptiedPlaceholder(tx: Writer, parentCommentId: number | null): void {
  if (parentCommentId === null) return;
  const replies = tx.select({ replies: count() }).from(comments).where(eq(comments.parentCommentId, parentCommentId)).get()?.replies ?? 0;
  if (replies === 0)
    tx.delete(comments)
      .where(and(eq(comments.id, parentCommentId), isNotNull(comments.deletedAt)))
      .run();
}

/** Deletes a comment with its replies and recounts its build's comments, in `tx`; null when it is gone. */
export function removeComment(tx: Writer, commentId: number): { buildId: number; content: string } | null {
  const comment = tx
    .select({ buildId: comments.buildId, content: comments.content, parentCommentId: comments.parentCommentId })
    .from(comments)
    .where(eq(comments.id, commentId))
    .get();
  if (!comment) return null;
  tx.delete(comments).where(eq(comments.id, commentId)).run();
  dropEmptiedPlaceholder(tx, comment.parentCommentId);
  recountComments(tx, [comment.buildId]);
  return comment;
}

/**
 * Deletes a member's own comment. Other members' replies under it stay: a
 * comment with replies keeps its place in the thread as "[deleted]", its text
 * and author erased; one without is deleted outright. False when it is not
 * theirs or is gone.
 */
export function deleteOwnComment(commentId: number, userId: number, now = new Date()): boolean {
  return db().transaction((tx) => {
    const mine = tx
      .select({ id: comments.id, buildId: comments.buildId, parentCommentId: comments.parentCommentId })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.userId, userId), isNull(comments.deletedAt)))
      .get();
    if (!mine) return false;
    const replies = tx.select({ replies: count() }).from(comments).where(eq(comments.parentCommentId, commentId)).get()?.replies ?? 0;
    if (replies > 0) {
      tx.update(comments).set({ content: '', userId: null, deletedAt: now }).where(eq(comments.id, commentId)).run();
    } else {
      tx.delete(comments).where(eq(comments.id, commentId)).run();
      dropEmptiedPlaceholder(tx, mine.parentCommentId);
    }
    recountComments(tx, [mine.buildId]);
    return true;
  });
}

/**
 * A leaving member's comments, as if they deleted each (deleteOwnComment): their
 * replies go; a comment others replied to stays as "[deleted]", its text and author
 * erased; one without replies goes. Answers the builds whose comments changed; the
 * caller recounts them in `tx`.
 */
export function eraseCommentsOf(tx: Writer, userId: number, now: Date): number[] {
  const own = tx
    .select({ id: comments.id, buildId: comments.buildId, parentCommentId: comments.parentCommentId })
    .from(comments)
    .where(eq(comments.userId, userId))
    .all();
  // Replies first, so a comment whose only replies were the member's own goes too.
  const replies = own.filter((comment) => comment.parentCommentId !== null);
  if (replies.length > 0)
    tx.delete(comments)
      .where(
        inArray(
          comments.id,
          replies.map((reply) => reply.id),
        ),
      )
      .run();
  for (const parentId of new Set(replies.map((reply) => reply.parentCommentId))) dropEmptiedPlaceholder(tx, parentId);
  for (const comment of own.filter((comment) => comment.parentCommentId === null)) {
    const answered = tx.select({ replies: count() }).from(comments).where(eq(comments.parentCommentId, comment.id)).get()?.replies ?? 0;
    if (answered > 0) tx.update(comments).set({ content: '', userId: null, deletedAt: now }).where(eq(comments.id, comment.id)).run();
    else tx.delete(comments).where(eq(comments.id, comment.id)).run();
  }
  return [...new Set(own.map((comment) => comment.buildId))];
}
