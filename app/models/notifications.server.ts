import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { builds, comments, competitionEntries, competitions, notifications, users } from '../../db/schema';
import { notifyJob } from '~/queue/job-types';
import { enqueueJob } from '~/queue/enqueue.server';
import { db, type Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import type { NotificationMailItem } from '~/services/mail-templates.server';
import { leaderboard } from './leaderboards.server';

export type NotificationList = 'notifications' | 'weeklyDigest';
type Kind = (typeof notifications.$inferInsert)['kind'];

/** Pending notifications older than this are dropped unsent: news a week late is noise. */
export const NOTIFICATION_MAX_AGE_MS = 7 * 24 * 3600_000;
/** How many of the week's top builds the digest lists. */
export const DIGEST_BUILDS = 5;
const EXCERPT_LENGTH = 160;

type NewNotification = {
  userId: number;
  list: NotificationList;
  kind: Kind;
  /** Names the event: the same event is queued once per member, however often it is reported. */
  ref: string;
  buildId?: number;
  commentId?: number;
  competitionId?: number;
};

/** Whether `userId` is an active member who wants mail from `list`. */
function wants(writer: Writer, userId: number, list: NotificationList): boolean {
  const member = writer
    .select({ disabled: users.isDisabled, preferences: users.emailPreferences })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return member !== undefined && !member.disabled && member.preferences[list];
}

/**
 * Records a notification and makes sure a delivery is queued for its member and
 * list. The first one of a burst queues the mail `NOTIFY_BATCH_MS` ahead; the rest
 * find it queued and join it. Nothing is recorded for a member who turned the list
 * off (the switch is read again at send time).
 */
function queueNotification(writer: Writer, notification: NewNotification, now: Date): boolean {
  if (!wants(writer, notification.userId, notification.list)) return false;
  const inserted = writer
    .insert(notifications)
    .values({ ...notification, createdAt: now })
    .onConflictDoNothing()
    .run();
  if (inserted.changes === 0) return false;
  const runAt = notification.list === 'weeklyDigest' ? now : new Date(now.getTime() + env().NOTIFY_BATCH_MS);
  enqueueJob(writer, notifyJob(notification.userId, notification.list, runAt), now);
  return true;
}

/** Tells a build's owner about a comment or reply on it, unless they wrote it themselves. */
export function notifyComment(writer: Writer, comment: { id: number; buildId: number; authorId: number }, now = new Date()): void {
  const build = writer.select({ ownerId: builds.userId }).from(builds).where(eq(builds.id, comment.buildId)).get();
  if (!build || build.ownerId === comment.authorId) return;
  queueNotification(
    writer,
    {
      userId: build.ownerId,
      list: 'notifications',
      kind: 'comment',
      ref: `comment:${comment.id}`,
      buildId: comment.buildId,
      commentId: comment.id,
    },
    now,
  );
}

/** Tells a member that RoastBot answered them (`replyId` is RoastBot's comment). */
export function notifyRoastBotReply(writer: Writer, reply: { replyId: number; buildId: number; askerId: number }, now = new Date()): void {
  queueNotification(
    writer,
    {
      userId: reply.askerId,
      list: 'notifications',
      kind: 'roastbot',
      ref: `roastbot:${reply.replyId}`,
      buildId: reply.buildId,
      commentId: reply.replyId,
    },
    now,
  );
}

/**
 * Tells each entrant of a closed competition their result (their entry's placement,
 * read at send time: one entry per member). Call it in the transaction that closes the competition; calling
 * it again queues nothing new. Answers how many members were queued a mail.
 */
export function queueCompetitionResults(writer: Writer, competitionId: number, now = new Date()): number {
  const entrants = writer
    .select({ userId: competitionEntries.userId })
    .from(competitionEntries)
    .where(eq(competitionEntries.competitionId, competitionId))
    .all();
  let queued = 0;
  for (const { userId } of entrants) {
    const ref = `competition:${competitionId}`;
    if (queueNotification(writer, { userId, list: 'notifications', kind: 'competition', ref, competitionId }, now)) queued += 1;
  }
  return queued;
}

/**
 * Queues the digest of ISO week `week` for every active member who wants it. The
 * week names the event, so a second run for the same week (a restart, a doubled
 * job) queues nothing. Answers how many members were queued a digest.
 */
export function queueWeeklyDigest(week: string, now = new Date()): number {
  return db().transaction((tx) => {
    const members = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isDisabled, false), sql`json_extract(${users.emailPreferences}, '$.weeklyDigest') = 1`))
      .all();
    let queued = 0;
    for (const { id } of members) {
      if (queueNotification(tx, { userId: id, list: 'weeklyDigest', kind: 'digest', ref: `digest:${week}` }, now)) queued += 1;
    }
    return queued;
  });
}

export type NotificationItem = NotificationMailItem;

export type PendingMail = {
  recipient: { id: number; email: string; username: string };
  list: NotificationList;
  /** What the mail tells, oldest first; the rows in `sendIds`. */
  items: NotificationItem[];
  sendIds: number[];
  /** Rows to close unsent: the member turned the list off, or what they name is gone or stale. */
  dropIds: number[];
};

/**
 * What is pending for a member on one list, read at send time: the member's switch
 * and state now, the comments as they read now. Null when nothing is pending.
 */
export function pendingMail(userId: number, list: NotificationList, now = Date.now()): PendingMail | null {
  const rows = db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.list, list), eq(notifications.status, 'pending')))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .all();
  if (rows.length === 0) return null;
  const member = db()
    .select({ id: users.id, email: users.email, username: users.username, disabled: users.isDisabled, preferences: users.emailPreferences })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!member || member.disabled || !member.preferences[list]) {
    return { recipient: { id: userId, email: '', username: '' }, list, items: [], sendIds: [], dropIds: rows.map((row) => row.id) };
  }
  const items: NotificationItem[] = [];
  const sendIds: number[] = [];
  const dropIds: number[] = [];
  for (const row of rows) {
    const item = now - row.createdAt.getTime() > NOTIFICATION_MAX_AGE_MS ? null : describe(row);
    if (item) {
      items.push(item);
      sendIds.push(row.id);
    } else dropIds.push(row.id);
  }
  return { recipient: { id: member.id, email: member.email, username: member.username }, list, items, sendIds, dropIds };
}

function describe(row: typeof notifications.$inferSelect): NotificationItem | null {
  switch (row.kind) {
    case 'comment':
    case 'roastbot': {
      if (row.commentId === null) return null;
      const comment = db()
        .select({
          content: comments.content,
          deletedAt: comments.deletedAt,
          parentCommentId: comments.parentCommentId,
          author: users.username,
          buildId: builds.id,
          buildTitle: builds.title,
          reviewStatus: builds.reviewStatus,
        })
        .from(comments)
        .innerJoin(builds, eq(builds.id, comments.buildId))
        .leftJoin(users, eq(users.id, comments.userId))
        .where(eq(comments.id, row.commentId))
        .get();
      // A comment deleted meanwhile, or a build hidden since, is not news to send.
      if (!comment || comment.deletedAt || comment.reviewStatus !== 'approved') return null;
      const base = {
        buildId: comment.buildId,
        buildTitle: comment.buildTitle,
        commentId: row.commentId,
        excerpt: excerpt(comment.content),
      };
      return row.kind === 'roastbot'
        ? { kind: 'roastbot', ...base }
        : { kind: 'comment', ...base, author: comment.author ?? 'member', reply: comment.parentCommentId !== null };
    }
    case 'competition': {
      if (row.competitionId === null) return null;
      const competition = db().select({ title: competitions.title }).from(competitions).where(eq(competitions.id, row.competitionId)).get();
      if (!competition) return null;
      const entry = db()
        .select({ placement: competitionEntries.placement })
        .from(competitionEntries)
        .where(and(eq(competitionEntries.competitionId, row.competitionId), eq(competitionEntries.userId, row.userId)))
        .get();
      return { kind: 'competition', competitionId: row.competitionId, title: competition.title, placement: entry?.placement ?? null };
    }
    case 'digest': {
      const top = leaderboard('week', DIGEST_BUILDS);
      // A week nobody rated has no top builds: no digest rather than an empty one.
      if (top.length === 0) return null;
      return {
        kind: 'digest',
        week: row.ref.replace(/^digest:/, ''),
        builds: top.map((entry) => ({
          id: entry.buildId,
          title: entry.title,
          username: entry.username,
          votes: entry.votes,
          average: entry.average,
        })),
      };
    }
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/**
 * Closes a mail's rows (sent, or dropped unsent) and, if more arrived while it was
 * being sent, queues the next mail one window later: a member gets at most one mail
 * per list per window. Call it in the transaction that completes the delivery job.
 */
export function settleMail(tx: Writer, mail: Pick<PendingMail, 'recipient' | 'list' | 'sendIds' | 'dropIds'>, now = new Date()): void {
  const close = (ids: number[], status: 'sent' | 'suppressed') => {
    if (ids.length === 0) return;
    tx.update(notifications)
      .set({ status, handledAt: now })
      .where(and(inArray(notifications.id, ids), eq(notifications.status, 'pending')))
      .run();
  };
  close(mail.sendIds, 'sent');
  close(mail.dropIds, 'suppressed');
  retryLater(tx, mail.recipient.id, mail.list, new Date(now.getTime() + env().NOTIFY_BATCH_MS), now);
}

/** Queues a delivery at `runAt` if anything is still pending for the member (nothing is ever left without one). */
export function retryLater(tx: Writer, userId: number, list: NotificationList, runAt: Date, now = new Date()): void {
  const left = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.list, list), eq(notifications.status, 'pending')))
    .limit(1)
    .get();
  if (left) enqueueJob(tx, notifyJob(userId, list, runAt), now);
}

/** Handled notifications after 30 days (housekeeping); pending ones stay until they are sent or go stale. */
export function pruneNotifications(now = Date.now()): number {
  return db()
    .delete(notifications)
    .where(and(inArray(notifications.status, ['sent', 'suppressed']), lt(notifications.handledAt, new Date(now - 30 * 24 * 3600_000))))
    .run().changes;
}
