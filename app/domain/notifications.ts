import { atPlace, commentHref, PLACES } from '~/utils/places';

// What the bell and /notifications show: the view types the model returns, and the
// words and links they say, shared by the page and the JSON API.

import { type AppealSubject, STANDING_PATH } from './member-moderation';
import { shortDateTime } from '~/utils/dates';
import { buildPath } from '~/utils/build-path';

/** A build's rating counts that tell its owner: the 10th rating, the 50th, … */
export const RATING_MILESTONES = [10, 50, 100, 250, 500, 1000] as const;

/** Notifications a page of /notifications lists. */
export const NOTIFICATIONS_PER_PAGE = 20;

/** What a notification is about, as it reads now (titles, excerpts, placements). */
export type NotificationSubject =
  /** A comment on the member's build; `reply` when it answers in a thread. */
  | { kind: 'comment'; buildId: number; buildTitle: string; commentId: number; author: string; excerpt: string; reply: boolean }
  /** A reply to the member's comment on someone else's build. */
  | { kind: 'reply'; buildId: number; buildTitle: string; commentId: number; author: string; excerpt: string }
  | { kind: 'roastbot'; buildId: number; buildTitle: string; commentId: number; excerpt: string }
  | { kind: 'milestone'; buildId: number; buildTitle: string; ratings: number }
  | { kind: 'competition'; competitionId: number; title: string; placement: number | null; juryWinner: boolean }
  | { kind: 'achievement'; code: string; name: string }
  /** A staff warning, in the words the member reads. */
  | { kind: 'warning'; warningId: number; message: string }
  /** A strike, with its reason and until when it counts (ISO time); `lifted` once withdrawn on appeal. */
  | { kind: 'strike'; strikeId: number; reason: string; expiresAt: string; lifted: boolean }
  /** A suspension as it reads now (ISO end), and whether staff have lifted it since. */
  | { kind: 'suspension'; suspensionId: number; reason: string; until: string; lifted: boolean }
  /** Staff's answer to the member's appeal: the measure stays (upheld) or goes (lifted). */
  | { kind: 'appeal'; appealId: number; about: AppealSubject; outcome: 'upheld' | 'lifted'; reply: string };

/** One notification; `group` names the line it is shown in with the others of its kind about the same build. */
export type NotificationView = NotificationSubject & { id: number; group: string; createdAt: Date; read: boolean };

/** How many names a line of several says ("cy, bo, ada and 2 more"). */
export const LINE_NAMES = 3;

/**
 * A line of /notifications: the newest notification of its group (its id, time and
 * subject), how many the group gathers (`count`), and who is behind them, the
 * comments' and replies' authors: `people` of them, the latest `names` first. Read
 * once every one in it is.
 */
export type NotificationLine = NotificationView & { count: number; people: number; names: string[] };

/** One line saying what happened. */
export function notificationText(subject: NotificationSubject): string {
  switch (subject.kind) {
    case 'comment':
      return `${subject.author} ${subject.reply ? 'replied' : 'commented'} on “${subject.buildTitle}”`;
    case 'reply':
      return `${subject.author} replied to your comment on “${subject.buildTitle}”`;
    case 'roastbot':
      return `RoastBot answered you on “${subject.buildTitle}”`;
    case 'milestone':
      return `“${subject.buildTitle}” has ${subject.ratings} ratings`;
    case 'competition':
      return competitionResult(subject.title, subject.placement, subject.juryWinner);
    case 'achievement':
      return `You earned the achievement “${subject.name}”`;
    case 'warning':
      return `A moderator warned you: “${subject.message}”`;
    case 'strike':
      return `A moderator gave you a strike: “${subject.reason}” ${subject.lifted ? '(withdrawn since)' : `(it counts until ${shortDateTime(new Date(subject.expiresAt))})`}`;
    case 'suspension':
      return `A moderator suspended your account until ${shortDateTime(new Date(subject.until))}: “${subject.reason}”${subject.lifted ? ' (lifted since)' : ''}`;
    case 'appeal': {
      const outcome =
        subject.outcome === 'upheld'
          ? `kept the ${subject.about}`
          : subject.about === 'suspension'
            ? 'lifted your suspension'
            : 'withdrew the strike';
      return `A moderator looked at your appeal and ${outcome}: “${subject.reply}”`;
    }
  }
}

/** One line saying what a line of notifications gathers: "3 people commented on “Neon Noir”". */
export function notificationLineText(line: NotificationLine): string {
  if (line.count === 1) return notificationText(line);
  const [latest = 'Someone', other = 'someone'] = line.names;
  const who = line.people === 2 ? `${latest} and ${other}` : `${line.people} people`;
  switch (line.kind) {
    case 'comment':
      return line.people === 1
        ? `${latest} commented ${line.count} times on “${line.buildTitle}”`
        : `${who} commented on “${line.buildTitle}”`;
    case 'reply':
      return line.people === 1
        ? `${latest} replied ${line.count} times to your comments on “${line.buildTitle}”`
        : `${who} replied to your comments on “${line.buildTitle}”`;
    case 'roastbot':
      return `RoastBot answered you ${line.count} times on “${line.buildTitle}”`;
    default:
      // A build's latest milestone says it all.
      return notificationText(line);
  }
}

/** Who is behind a line of three people or more, the latest first: "cy, bo and ada", "dee, cy, bo and 1 more". */
export function lineNames(line: Pick<NotificationLine, 'people' | 'names'>): string | null {
  if (line.people < 3) return null;
  const more = line.people - line.names.length;
  if (more > 0) return `${line.names.join(', ')} and ${more} more`;
  return `${line.names.slice(0, -1).join(', ')} and ${line.names.at(-1)}`;
}

/** Where it happened: the comment on the build page (every thread shown, so the anchor is there), the build, the competition, the achievements. */
export function notificationHref(subject: NotificationSubject): string {
  switch (subject.kind) {
    case 'comment':
    case 'reply':
    case 'roastbot':
      return commentHref(subject.buildId, subject.commentId);
    case 'milestone':
      return buildPath(subject.buildId);
    case 'competition':
      return `/competitions/${subject.competitionId}`;
    case 'achievement':
      return atPlace('/profile?tab=stats', PLACES.achievements);
    case 'warning':
      return '/warnings';
    case 'strike':
    case 'suspension':
    case 'appeal':
      return STANDING_PATH;
  }
}

/** What an entrant is told of a closed competition: their place in the community vote, and the jury prize if they won it. */
export function competitionResult(title: string, placement: number | null, juryWinner = false): string {
  const jury = juryWinner ? ' The jury gave you its prize, too!' : '';
  if (placement === 1) return `“${title}” has closed, and you won it. Congratulations!${jury}`;
  if (juryWinner)
    return `“${title}” has closed, and you won the jury prize. Congratulations!${placement === null ? '' : ` Your build placed #${placement} in the community vote.`}`;
  if (placement !== null) return `“${title}” has closed: your build placed #${placement}.`;
  return `“${title}” has closed. Your build did not place this time; thanks for taking part.`;
}

/** The bell's badge: exact up to 99. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}
