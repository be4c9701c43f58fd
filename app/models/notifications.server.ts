import { and, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, type Placeholder, sql } from 'drizzle-orm';
import { builds, comments, competitionEntries, notifications, users } from '../../db/schema';
import type { AchievementCode } from '~/domain/achievements';
import {
  LINE_NAMES,
  notificationHref,
  type NotificationLine,
  NOTIFICATIONS_PER_PAGE,
  type NotificationView,
  RATING_MILESTONES,
} from '~/domain/notifications';
import { notifyJob } from '~/queue/job-types';
import { enqueueJob } from '~/queue/enqueue.server';
import { db, preparedOnce, type Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import { describeNotification } from './notification-subjects.server';
import { perDataVersion } from './version-cache.server';
import { DAY_MS } from '~/utils/dates';

export type NotificationList = 'notifications' | 'weeklyDigest';
type Kind = (typeof notifications.$inferInsert)['kind'];

/** Pending notifications older than this are dropped unsent: news a week late is noise. */
export const NOTIFICATION_MAX_AGE_MS = 7 * DAY_MS;
/** How long the site keeps a notification, read or not. */
export const NOTIFICATION_KEPT_MS = 90 * DAY_MS;

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

/** Which kinds the mail tells; the rest are news for the bell only (a mail per achievement or milestone would be noise). */
const MAILED: Record<Kind, boolean> = {
  comment: true,
  reply: true,
  roastbot: true,
  competition: true,
  digest: true,
  milestone: false,
  achievement: false,
  // The site shows it on every page until it is acknowledged (models/member-moderation.server.ts).
  warning: false,
  // A member may not come back to the site for weeks: what staff did to their account, and their answer to an appeal, is mailed.
  strike: true,
  suspension: true,
  appeal: true,
};

/**
 * Records an event once for an active member: the bell shows it from now on, and, if
 * its kind is mailed and the member wants mail from its list, a delivery is queued.
 * The first one of a burst queues the mail `NOTIFY_BATCH_MS` ahead; the rest find it
 * queued and join it. The switch is read again at send time. Answers whether a mail
 * is to tell it.
 */
function recordNotification(writer: Writer, notification: NewNotification, now: Date): boolean {
  const member = writer
    .select({ disabled: users.isDisabled, preferences: users.emailPreferences })
    .from(users)
    .where(eq(users.id, notification.userId))
    .get();
  if (!member || member.disabled) return false;
  const mailed = MAILED[notification.kind] && member.preferences[notification.list];
  const inserted = writer
    .insert(notifications)
    .values({ ...notification, createdAt: now, ...(mailed ? {} : { status: 'suppressed', handledAt: now }) })
    .onConflictDoNothing()
    .run();
  if (inserted.changes === 0 || !mailed) return false;
  const runAt = notification.list === 'weeklyDigest' ? now : new Date(now.getTime() + env().NOTIFY_BATCH_MS);
  enqueueJob(writer, notifyJob(notification.userId, notification.list, runAt), now);
  return true;
}

/**
 * Tells a build's owner about a comment or reply on it, and the author of the comment
 * it answers (`repliedTo`) about the reply, unless they wrote it themselves. The
 * comment names the event, so an owner answered on their own build hears it once.
 */
export function notifyComment(
  writer: Writer,
  comment: { id: number; buildId: number; authorId: number; repliedTo?: number | null },
  now = new Date(),
): void {
  const build = writer.select({ ownerId: builds.userId }).from(builds).where(eq(builds.id, comment.buildId)).get();
  if (!build) return;
  const event = { list: 'notifications', ref: `comment:${comment.id}`, buildId: comment.buildId, commentId: comment.id } as const;
  if (build.ownerId !== comment.authorId) recordNotification(writer, { ...event, userId: build.ownerId, kind: 'comment' }, now);
  const { repliedTo } = comment;
  if (repliedTo && repliedTo !== comment.authorId) recordNotification(writer, { ...event, userId: repliedTo, kind: 'reply' }, now);
}

/** Tells a member that RoastBot answered them (`replyId` is RoastBot's comment). */
export function notifyRoastBotReply(writer: Writer, reply: { replyId: number; buildId: number; askerId: number }, now = new Date()): void {
  recordNotification(
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

/** Tells a build's owner when a new rating makes its count one of RATING_MILESTONES. Call it in the rating's transaction. */
export function notifyRatingMilestone(writer: Writer, buildId: number, now = new Date()): void {
  const build = writer.select({ ownerId: builds.userId, ratings: builds.ratingCount }).from(builds).where(eq(builds.id, buildId)).get();
  if (!build || !(RATING_MILESTONES as readonly number[]).includes(build.ratings)) return;
  const ref = `milestone:${buildId}:${build.ratings}`;
  recordNotification(writer, { userId: build.ownerId, list: 'notifications', kind: 'milestone', ref, buildId }, now);
}

/** Tells a member they earned an achievement. Call it in the transaction that awards it. */
export function notifyAchievement(writer: Writer, userId: number, code: AchievementCode, now = new Date()): void {
  recordNotification(writer, { userId, list: 'notifications', kind: 'achievement', ref: `achievement:${code}` }, now);
}

/** Tells a member about a staff warning. Call it in the transaction that records the warning. */
export function notifyWarning(writer: Writer, userId: number, warningId: number, now = new Date()): void {
  recordNotification(writer, { userId, list: 'notifications', kind: 'warning', ref: `warning:${warningId}` }, now);
}

/** Tells a member about a strike, its reason and until when it counts. Call it in the transaction that records the strike. */
export function notifyStrike(writer: Writer, userId: number, strikeId: number, now = new Date()): void {
  recordNotification(writer, { userId, list: 'notifications', kind: 'strike', ref: `strike:${strikeId}` }, now);
}

/**
 * Tells a member about their suspension, or a change to it (its end or reason): each is
 * news of its own. Call it in the transaction that suspends them.
 */
export function notifySuspension(writer: Writer, userId: number, suspensionId: number, now = new Date()): void {
  recordNotification(
    writer,
    { userId, list: 'notifications', kind: 'suspension', ref: `suspension:${suspensionId}:${now.getTime()}` },
    now,
  );
}

/** Tells a member what staff decided on their appeal. Call it in the transaction that decides it. */
export function notifyAppealDecision(writer: Writer, userId: number, appealId: number, now = new Date()): void {
  recordNotification(writer, { userId, list: 'notifications', kind: 'appeal', ref: `appeal:${appealId}` }, now);
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
    if (recordNotification(writer, { userId, list: 'notifications', kind: 'competition', ref, competitionId }, now)) queued += 1;
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
      if (recordNotification(tx, { userId: id, list: 'weeklyDigest', kind: 'digest', ref: `digest:${week}` }, now)) queued += 1;
    }
    return queued;
  });
}

/**
 * What the bell counts and /notifications lists: the member's notifications-list rows
 * whose comment and build still show (the same rule `describeNotification` applies).
 */
function shown(userId: number | Placeholder) {
  return and(
    eq(notifications.userId, userId),
    eq(notifications.list, 'notifications'),
    or(isNull(notifications.commentId), isNull(comments.deletedAt)),
    or(isNull(notifications.buildId), eq(builds.reviewStatus, 'approved')),
  );
}

/** The kinds whose news about one build is one line: comments on it, replies on it, RoastBot's answers, its rating milestones. */
const GROUPED_KINDS = ['comment', 'reply', 'roastbot', 'milestone'] as const satisfies readonly Kind[];

/**
 * The line a notification is shown in, its group: one per kind and build for
 * GROUPED_KINDS ("3 people commented on …"), else one per notification. Written once,
 * in SQL, for the list, the bell's count and marking read alike.
 */
const groupKey = sql<string>`case when ${notifications.kind} in (${sql.join(
  GROUPED_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}) and ${notifications.buildId} is not null then ${notifications.kind} || ':' || ${notifications.buildId} else 'one:' || ${notifications.id} end`;

const shownRows = () =>
  db()
    .select({ notification: notifications, group: groupKey })
    .from(notifications)
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(builds, eq(builds.id, notifications.buildId));

// Built once, as drizzle would build its SQL again on every call.
const unreadCount = preparedOnce((connection) =>
  connection
    .select({ unread: sql<number>`count(distinct ${groupKey})` })
    .from(notifications)
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(builds, eq(builds.id, notifications.buildId))
    .where(and(shown(sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare(),
);

/**
 * How many lines of the member's notifications hold one they have not read: the
 * bell's count (three comments on one build are one line, counted once). Every page a
 * member opens shows it: read again only once the data changed (a new notification,
 * one marked read, a comment or build taken down is a write).
 */
export const unreadNotificationCount = perDataVersion((userId: number): number => unreadCount().get({ userId })?.unread ?? 0, {
  max: 10_000,
});

export type NotificationPage = { items: NotificationView[]; total: number; unread: number; page: number; pageCount: number };

/**
 * A page of the member's notifications, each on its own, newest first, as they read
 * now, with the line each is shown in (`group`): the JSON API's list.
 */
export function listNotifications(userId: number, page = 1): NotificationPage {
  const total =
    db()
      .select({ total: count() })
      .from(notifications)
      .leftJoin(comments, eq(comments.id, notifications.commentId))
      .leftJoin(builds, eq(builds.id, notifications.buildId))
      .where(shown(userId))
      .get()?.total ?? 0;
  const rows = shownRows()
    .where(shown(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset((page - 1) * NOTIFICATIONS_PER_PAGE)
    .all();
  const items: NotificationView[] = [];
  for (const { notification, group } of rows) {
    const view = viewOf(notification, group);
    if (view) items.push(view);
  }
  return { items, total, unread: unreadNotificationCount(userId), page, pageCount: pageCountOf(total) };
}

function viewOf(row: typeof notifications.$inferSelect, group: string): NotificationView | null {
  const subject = describeNotification(row);
  if (!subject || subject.kind === 'digest') return null;
  return { ...subject, id: row.id, group, createdAt: row.createdAt, read: row.readAt !== null };
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));

export type NotificationLinePage = { items: NotificationLine[]; total: number; unread: number; page: number; pageCount: number };

/**
 * A page of the lines /notifications shows, newest first: each group of the member's
 * notifications as its latest reads now, how many it gathers, and who is behind them
 * (the authors of its comments, latest first). A line is unread while any of its
 * notifications is.
 */
export function listNotificationLines(userId: number, page = 1): NotificationLinePage {
  const total =
    db()
      .select({ total: sql<number>`count(distinct ${groupKey})` })
      .from(notifications)
      .leftJoin(comments, eq(comments.id, notifications.commentId))
      .leftJoin(builds, eq(builds.id, notifications.buildId))
      .where(shown(userId))
      .get()?.total ?? 0;
  const groups = db()
    .select({ group: groupKey, count: count(), unread: sql<number>`sum(${notifications.readAt} is null)` })
    .from(notifications)
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(builds, eq(builds.id, notifications.buildId))
    .where(shown(userId))
    .groupBy(groupKey)
    .orderBy(desc(sql`max(${notifications.createdAt})`), desc(sql`max(${notifications.id})`))
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset((page - 1) * NOTIFICATIONS_PER_PAGE)
    .all();
  const items: NotificationLine[] = [];
  for (const { group, count: gathered, unread } of groups) {
    const inGroup = and(shown(userId), eq(groupKey, group));
    const latest = shownRows().where(inGroup).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(1).get();
    const view = latest ? viewOf(latest.notification, group) : null;
    if (!view) continue;
    const names = view.kind === 'comment' || view.kind === 'reply' ? authorsOf(inGroup) : [];
    items.push({ ...view, read: unread === 0, count: gathered, people: names.length, names: names.slice(0, LINE_NAMES) });
  }
  return { items, total, unread: unreadNotificationCount(userId), page, pageCount: pageCountOf(total) };
}

/** The authors of a line's comments, each once, the latest first. */
function authorsOf(inGroup: ReturnType<typeof and>): string[] {
  return db()
    .select({ name: users.username })
    .from(notifications)
    .innerJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(builds, eq(builds.id, notifications.buildId))
    .leftJoin(users, eq(users.id, comments.userId))
    .where(inGroup)
    .groupBy(comments.userId)
    .orderBy(desc(sql`max(${notifications.createdAt})`), desc(sql`max(${notifications.id})`))
    .all()
    .map((row) => row.name ?? 'member');
}

/**
 * The one read rule: a notification is read with every earlier one of its line (its
 * group), whether the member opens the line, presses its Mark read, or a client calls
 * the API; those that came after it, which the member has not seen, stay unread.
 * False when the member has no notification by that id (someone else's is not theirs
 * to mark).
 */
export function markNotificationRead(userId: number, id: number, now = new Date()): boolean {
  return db().transaction((tx) => {
    const own = tx
      .select({ group: groupKey })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.list, 'notifications')))
      .get();
    if (!own) return false;
    // Only unread ones change: marking again writes nothing, so the page's cached copies stay valid.
    tx.update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.list, 'notifications'),
          isNull(notifications.readAt),
          lte(notifications.id, id),
          eq(groupKey, own.group),
        ),
      )
      .run();
    return true;
  });
}

/**
 * Opening a notification's line: it is read (markNotificationRead), and this is where
 * it happened, as its newest notification reads now; null when the member has no
 * notification by that id. A line whose subject is gone opens the list again.
 */
export function openNotification(userId: number, id: number, now = new Date()): string | null {
  if (!markNotificationRead(userId, id, now)) return null;
  const row = db().select().from(notifications).where(eq(notifications.id, id)).get();
  const subject = row ? describeNotification(row) : null;
  return subject && subject.kind !== 'digest' ? notificationHref(subject) : '/notifications';
}

/** Marks every notification of the member read; answers how many were unread. */
export function markAllNotificationsRead(userId: number, now = new Date()): number {
  return db()
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.list, 'notifications'), isNull(notifications.readAt)))
    .run().changes;
}

/**
 * Housekeeping: a row whose mail is handled goes 30 days after that once the member
 * has read it, and after 90 days read or not; pending ones stay until they are sent
 * or go stale.
 */
export function pruneNotifications(now = Date.now()): number {
  const handled = inArray(notifications.status, ['sent', 'suppressed']);
  return db()
    .delete(notifications)
    .where(
      and(
        handled,
        or(
          and(isNotNull(notifications.readAt), lt(notifications.handledAt, new Date(now - 30 * DAY_MS))),
          lt(notifications.createdAt, new Date(now - NOTIFICATION_KEPT_MS)),
        ),
      ),
    )
    .run().changes;
}
