// A member's notification mail: what is pending, read at send time, and closing it once sent (app/jobs/notify.server.ts).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import { notifyJob } from '~/queue/job-types';
import { enqueueJob } from '~/queue/enqueue.server';
import { db, type Writer } from '~/services/db.server';
import { env } from '~/services/env.server';
import { describeNotification, type NotificationItem } from './notification-subjects.server';
import { NOTIFICATION_MAX_AGE_MS, type NotificationList } from './notifications.server';

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
    const item = now - row.createdAt.getTime() > NOTIFICATION_MAX_AGE_MS ? null : describeNotification(row);
    if (item) {
      items.push(item);
      sendIds.push(row.id);
    } else dropIds.push(row.id);
  }
  return { recipient: { id: member.id, email: member.email, username: member.username }, list, items, sendIds, dropIds };
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
