import { and, eq, ne } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, competitionEntries, jobs, notifications, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { addComment, deleteOwnComment, saveAiReply } from './comments.server';
import { updateEmailPreferences } from './email-preferences.server';
import { pendingMail, settleMail } from './notification-mail.server';
import {
  listNotificationLines,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  openNotification,
  pruneNotifications,
  queueCompetitionResults,
  queueWeeklyDigest,
  unreadNotificationCount,
} from './notifications.server';
import { rateBuild } from './ratings.server';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';

const BATCH_MS = 60_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');

let owner: number;
let visitor: number;
let buildId: number;

beforeEach(async () => {
  vi.stubEnv('SCREENING', 'off');
  vi.stubEnv('NOTIFY_BATCH_MS', String(BATCH_MS));
  resetEnv();
  owner = aMember({ username: 'owner' }).id;
  visitor = aMember({ username: 'visitor' }).id;
  buildId = await aListedBuild({ userId: owner, title: 'Glass box' });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const notifyJobs = () => db().select().from(jobs).where(eq(jobs.type, 'notify')).all();
/** A member's rows but their achievements (commenting and listing a build earn some). */
const rowsFor = (userId: number) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), ne(notifications.kind, 'achievement')))
    .orderBy(notifications.id)
    .all();
const comment = (userId: number, content: string, at = NOW, parentCommentId?: number) =>
  addComment({ buildId, userId, content, parentCommentId }, new Date(at));

describe('comment notifications', () => {
  it('gathers a burst of comments on a build into one delivery, a window after the first', () => {
    for (let n = 0; n < 10; n++) comment(visitor, `Nice cables #${n}`, NOW + n * 5000);
    const queued = notifyJobs();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      key: `notify:notifications:${owner}`,
      status: 'queued',
      payload: { userId: owner, list: 'notifications' },
    });
    expect(queued[0]!.runAt.getTime()).toBe(NOW + BATCH_MS);
    const mail = pendingMail(owner, 'notifications', NOW + BATCH_MS)!;
    expect(mail.recipient).toMatchObject({ id: owner, username: 'owner' });
    expect(mail.items).toHaveLength(10);
    expect(mail.items[0]).toMatchObject({
      kind: 'comment',
      author: 'visitor',
      buildTitle: 'Glass box',
      excerpt: 'Nice cables #0',
      reply: false,
    });
  });

  it('tells the owner about replies in their threads, but never about their own comments', () => {
    const top = comment(owner, 'My own words');
    expect(rowsFor(owner)).toHaveLength(0);
    comment(visitor, 'A reply', NOW, top.id);
    expect(pendingMail(owner, 'notifications', NOW)!.items).toEqual([expect.objectContaining({ kind: 'comment', reply: true })]);
    // The visitor hears nothing about a comment on someone else's build.
    expect(rowsFor(visitor)).toHaveLength(0);
  });

  it('queues no mail for a member who turned notifications off (the bell still tells), and drops what is pending when they turn it off later', () => {
    comment(visitor, 'Before');
    updateEmailPreferences(owner, { notifications: false });
    comment(visitor, 'After');
    expect(rowsFor(owner).map((row) => row.status)).toEqual(['pending', 'suppressed']);
    expect(listNotifications(owner).items.filter((item) => item.kind === 'comment')).toHaveLength(2);
    const mail = pendingMail(owner, 'notifications', NOW)!;
    expect(mail.items).toEqual([]);
    expect(mail.dropIds).toHaveLength(1);
  });

  it('drops what is pending for a member disabled meanwhile', () => {
    comment(visitor, 'Hello');
    db().update(users).set({ isDisabled: true }).where(eq(users.id, owner)).run();
    expect(pendingMail(owner, 'notifications', NOW)).toMatchObject({ items: [], sendIds: [] });
  });

  it('leaves out comments deleted or builds hidden before the mail goes, and news older than a week', () => {
    const kept = comment(visitor, 'Kept');
    const gone = comment(visitor, 'Gone');
    comment(owner, 'Mine');
    deleteOwnComment(gone.id, visitor);
    expect(pendingMail(owner, 'notifications', NOW)!.items.map((item) => item.kind === 'comment' && item.commentId)).toEqual([kept.id]);
    expect(pendingMail(owner, 'notifications', NOW + 8 * 24 * 3600_000)).toMatchObject({ items: [], dropIds: [expect.any(Number)] });
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, buildId)).run();
    expect(pendingMail(owner, 'notifications', NOW)!.items).toEqual([]);
  });

  it('after a mail, queues the next one a window later for what arrived while it was sent', () => {
    comment(visitor, 'First');
    const mail = pendingMail(owner, 'notifications', NOW)!;
    comment(visitor, 'While sending', NOW + 1000);
    db().transaction((tx) => {
      tx.update(jobs).set({ status: 'done' }).where(eq(jobs.type, 'notify')).run();
      settleMail(tx, mail, new Date(NOW + BATCH_MS));
    });
    expect(rowsFor(owner).map((row) => row.status)).toEqual(['sent', 'pending']);
    const next = notifyJobs().filter((job) => job.status === 'queued');
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBe(NOW + 2 * BATCH_MS);
    expect(pendingMail(owner, 'notifications', NOW + 2 * BATCH_MS)!.items).toEqual([expect.objectContaining({ excerpt: 'While sending' })]);
  });

  it('tells a member when RoastBot answers them', () => {
    const asked = comment(visitor, '@RoastBot thoughts?');
    saveAiReply(db(), { buildId, threadId: asked.id, content: 'Your cables are a crime scene.', askerId: visitor }, new Date(NOW));
    expect(pendingMail(visitor, 'notifications', NOW)!.items).toEqual([
      expect.objectContaining({ kind: 'roastbot', buildTitle: 'Glass box', excerpt: 'Your cables are a crime scene.' }),
    ]);
  });
});

describe('queueCompetitionResults', () => {
  it('queues one result per entrant, placed or not, once', async () => {
    const competitionId = aCompetition({ title: 'Winter RGB' });
    const second = await aListedBuild({ userId: visitor });
    const unplaced = aMember().id;
    const third = await aListedBuild({ userId: unplaced });
    db()
      .insert(competitionEntries)
      .values([
        { competitionId, buildId, userId: owner, placement: 3 },
        { competitionId, buildId: second, userId: visitor, placement: 1 },
        { competitionId, buildId: third, userId: unplaced, placement: null },
      ])
      .run();
    expect(queueCompetitionResults(db(), competitionId)).toBe(3);
    expect(queueCompetitionResults(db(), competitionId)).toBe(0);
    expect(pendingMail(visitor, 'notifications')!.items).toEqual([
      { kind: 'competition', competitionId, title: 'Winter RGB', placement: 1, juryWinner: false },
    ]);
    expect(pendingMail(owner, 'notifications')!.items).toEqual([expect.objectContaining({ placement: 3 })]);
    expect(pendingMail(unplaced, 'notifications')!.items).toEqual([expect.objectContaining({ placement: null })]);
  });
});

describe('queueWeeklyDigest', () => {
  it('queues each week once, for active members who want it', () => {
    updateEmailPreferences(visitor, { weeklyDigest: false });
    const disabled = aMember().id;
    db().update(users).set({ isDisabled: true }).where(eq(users.id, disabled)).run();
    expect(queueWeeklyDigest('2026-W48')).toBe(1);
    expect(queueWeeklyDigest('2026-W48')).toBe(0);
    expect(rowsFor(owner)).toEqual([expect.objectContaining({ list: 'weeklyDigest', ref: 'digest:2026-W48' })]);
    expect(queueWeeklyDigest('2026-W49')).toBe(1);
  });
});

describe('in-site notifications', () => {
  // Listing the build earned its owner an achievement: each test starts with an empty bell.
  beforeEach(() => db().delete(notifications).run());
  const kinds = (userId: number) => listNotifications(userId).items.map((item) => item.kind);

  it('records each event once, for the bell and the mail alike: comments on your build, replies to your comments', () => {
    const third = aMember({ username: 'third' }).id;
    const asked = comment(visitor, 'Which fans?', NOW);
    comment(third, 'Noctua, surely', NOW + 1000, asked.id);
    // The owner answers on their own build: the visitor hears it once, the owner not at all.
    const answer = comment(owner, 'Arctic P12s', NOW + 2000, asked.id);
    expect(rowsFor(owner).map((row) => [row.kind, row.status])).toEqual([
      ['comment', 'pending'],
      ['comment', 'pending'],
    ]);
    expect(rowsFor(visitor).map((row) => [row.kind, row.commentId])).toEqual([
      ['reply', expect.any(Number)],
      ['reply', answer.id],
    ]);
    expect(rowsFor(third)).toEqual([]);
    // The visitor's mail and bell tell the same two replies.
    expect(pendingMail(visitor, 'notifications', NOW)!.items.map((item) => item.kind)).toEqual(['reply', 'reply']);
    expect(listNotifications(visitor).items.filter((item) => item.kind === 'reply')).toEqual([
      expect.objectContaining({ author: 'owner', excerpt: 'Arctic P12s', buildTitle: 'Glass box', commentId: answer.id, read: false }),
      expect.objectContaining({ author: 'third', excerpt: 'Noctua, surely' }),
    ]);
  });

  it('lists notifications newest first, leaving out comments deleted since; the bell counts their line once', () => {
    const first = comment(visitor, 'First', NOW);
    comment(visitor, 'Second', NOW + 1000);
    comment(visitor, 'Third', NOW + 2000);
    expect(unreadNotificationCount(owner)).toBe(1);
    deleteOwnComment(first.id, visitor);
    const page = listNotifications(owner);
    expect(page).toMatchObject({ total: 2, unread: 1, page: 1, pageCount: 1 });
    expect(page.items.map((item) => 'excerpt' in item && item.excerpt)).toEqual(['Third', 'Second']);
    expect(new Set(page.items.map((item) => item.group))).toEqual(new Set([`comment:${buildId}`]));
  });

  it('pages the list, twenty a page', () => {
    for (let n = 0; n < 25; n++) comment(visitor, `Comment ${n}`, NOW + n * 1000);
    expect(listNotifications(owner, 1)).toMatchObject({ total: 25, pageCount: 2 });
    expect(listNotifications(owner, 2).items.map((item) => 'excerpt' in item && item.excerpt)).toEqual([
      'Comment 4',
      'Comment 3',
      'Comment 2',
      'Comment 1',
      'Comment 0',
    ]);
  });

  it('marks read only the member’s own notifications: one with the earlier ones of its line, or all', async () => {
    comment(visitor, 'One', NOW);
    comment(visitor, 'Two', NOW + 1000);
    const otherBuildId = await aListedBuild({ userId: owner, title: 'Other box' });
    addComment({ buildId: otherBuildId, userId: aMember({ username: 'other' }).id, content: 'Elsewhere' }, new Date(NOW + 2000));
    const [elsewhere, newest, older] = listNotifications(owner).items;
    expect(unreadNotificationCount(owner)).toBe(2);
    expect(markNotificationRead(visitor, newest!.id)).toBe(false);
    expect(unreadNotificationCount(owner)).toBe(2);
    // The older one first: the newer of its line stays unread.
    expect(markNotificationRead(owner, older!.id)).toBe(true);
    expect(listNotifications(owner).items.map((item) => [item.id, item.read])).toEqual([
      [elsewhere!.id, false],
      [newest!.id, false],
      [older!.id, true],
    ]);
    expect(markNotificationRead(owner, newest!.id)).toBe(true);
    expect(unreadNotificationCount(owner)).toBe(1);
    expect(listNotifications(owner).items.map((item) => item.read)).toEqual([false, true, true]);
    const visitorUnread = unreadNotificationCount(visitor);
    expect(markAllNotificationsRead(owner)).toBe(1);
    expect(unreadNotificationCount(owner)).toBe(0);
    expect(unreadNotificationCount(visitor)).toBe(visitorUnread);
  });

  it('shows one line per kind and build: who, how many, the latest comment; other news on lines of its own', async () => {
    const [ada, bo, cy, dee] = ['ada', 'bo', 'cy', 'dee'].map((username) => aMember({ username }).id);
    comment(ada!, 'First words', NOW);
    comment(bo!, 'Second words', NOW + 1000);
    comment(ada!, 'Ada again', NOW + 2000);
    comment(cy!, 'Third person', NOW + 3000);
    const otherBuildId = await aListedBuild({ userId: owner, title: 'Other box' });
    addComment({ buildId: otherBuildId, userId: dee!, content: 'Only one here' }, new Date(NOW + 4000));
    const lines = listNotificationLines(owner).items.filter((line) => line.kind === 'comment');
    expect(lines).toEqual([
      expect.objectContaining({ buildTitle: 'Other box', count: 1, people: 1, names: ['dee'], read: false }),
      expect.objectContaining({
        buildTitle: 'Glass box',
        count: 4,
        people: 3,
        names: ['cy', 'ada', 'bo'],
        excerpt: 'Third person',
        read: false,
      }),
    ]);
    expect(listNotificationLines(owner)).toMatchObject({ unread: 2, page: 1 });
    expect(listNotificationLines(owner).total).toBe(listNotificationLines(owner).items.length);
  });

  it('opens a line: read with the earlier ones of its line, and where the newest happened', () => {
    comment(visitor, 'One', NOW);
    const two = comment(visitor, 'Two', NOW + 1000);
    const [line] = listNotificationLines(owner).items.filter((item) => item.kind === 'comment');
    expect(openNotification(visitor, line!.id)).toBeNull();
    // A third comment arrives after the member saw the line: it stays news.
    comment(visitor, 'Three', NOW + 2000);
    expect(openNotification(owner, line!.id)).toBe(`/build/${buildId}?comments=all#comment-${two.id}`);
    expect(rowsFor(owner).map((row) => row.readAt !== null)).toEqual([true, true, false]);
    expect(listNotificationLines(owner).items.find((item) => item.kind === 'comment')).toMatchObject({ count: 3, read: false });
  });

  it('tells the owner when a build reaches 10 ratings, once, on the site only', () => {
    const raters = Array.from({ length: 10 }, (_, n) => aMember({ username: `rater${n}` }).id);
    for (const rater of raters.slice(0, 9)) rateBuild({ buildId, userId: rater, rating: 4 }, new Date(NOW));
    expect(kinds(owner)).not.toContain('milestone');
    rateBuild({ buildId, userId: raters[9]!, rating: 5 }, new Date(NOW));
    // Changing a rating is not a new one.
    rateBuild({ buildId, userId: raters[9]!, rating: 3 }, new Date(NOW));
    const milestones = listNotifications(owner).items.filter((item) => item.kind === 'milestone');
    expect(milestones).toEqual([expect.objectContaining({ kind: 'milestone', buildId, buildTitle: 'Glass box', ratings: 10 })]);
    expect(rowsFor(owner).find((row) => row.kind === 'milestone')).toMatchObject({ status: 'suppressed' });
    expect(notifyJobs()).toEqual([]);
  });

  it('tells a member the achievements they earn, on the site only', () => {
    comment(visitor, 'My first words', NOW);
    expect(listNotifications(visitor).items).toEqual([
      expect.objectContaining({ kind: 'achievement', code: 'first-comment', read: false }),
    ]);
    expect(pendingMail(visitor, 'notifications', NOW)).toBeNull();
  });

  it('keeps read notifications 30 days after their mail, unread ones 90 days', () => {
    comment(visitor, 'Read one', NOW);
    comment(visitor, 'Unread one', NOW + 1000);
    const mail = pendingMail(owner, 'notifications', NOW)!;
    db().transaction((tx) => settleMail(tx, mail, new Date(NOW)));
    markNotificationRead(owner, listNotifications(owner).items[1]!.id);
    pruneNotifications(NOW + 31 * 24 * 3600_000);
    expect(rowsFor(owner).map((row) => row.readAt)).toEqual([null]);
    pruneNotifications(NOW + 91 * 24 * 3600_000);
    expect(rowsFor(owner)).toEqual([]);
  });
});
