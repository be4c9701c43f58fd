import { unsubscribeToken } from '~/models/email-preferences.server';
import { pendingMail, retryLater, settleMail } from '~/models/notification-mail.server';
import type { NotificationList } from '~/models/notifications.server';
import { env } from '~/services/env.server';
import { type ListMailLinks, notificationsEmail, weeklyDigestEmail } from '~/services/mail-templates.server';
import { sendMail } from '~/services/mail.server';
import type { JobHandler } from '~/queue/runner.server';

/** After its retries a delivery waits this long and starts over: an outage delays mail, it never drops it. */
const RETRY_AFTER_GIVING_UP_MS = 3600_000;

function listOf(value: unknown): NotificationList {
  return value === 'weeklyDigest' ? 'weeklyDigest' : 'notifications';
}

/** The one-click unsubscribe link and the headers mail clients show as "Unsubscribe" (RFC 2369, RFC 8058). */
function listLinks(userId: number, list: NotificationList): ListMailLinks {
  const origin = env().PUBLIC_ORIGIN;
  return {
    origin,
    unsubscribe: `${origin}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, list))}`,
    settings: `${origin}/profile?tab=settings`,
  };
}

/**
 * Sends a member one mail with everything pending for them on one list, read now
 * (so a switch turned off meanwhile suppresses it), and marks it sent in the same
 * step that completes the job. A failed send leaves every row pending for the retry.
 */
export const deliverNotifications: JobHandler = {
  async run({ job, complete }) {
    const userId = Number(job.payload.userId);
    const list = listOf(job.payload.list);
    const mail = pendingMail(userId, list);
    if (!mail) return;
    const [first] = mail.items;
    if (first) {
      const links = listLinks(userId, list);
      const { username } = mail.recipient;
      const content =
        list === 'weeklyDigest' && first.kind === 'digest'
          ? weeklyDigestEmail({ username, digest: first, links })
          : notificationsEmail({ username, items: mail.items, links });
      await sendMail({
        to: mail.recipient.email,
        ...content,
        headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
    complete((tx) => settleMail(tx, mail));
  },
  giveUp: (tx, job) =>
    retryLater(tx, Number(job.payload.userId), listOf(job.payload.list), new Date(Date.now() + RETRY_AFTER_GIVING_UP_MS)),
};
