import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, competitionEntries, jobs, notifications, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { addComment, deleteOwnComment, saveAiReply } from './comments.server';
import { updateEmailPreferences } from './email-preferences.server';
import { pendingMail, queueCompetitionResults, queueWeeklyDigest, settleMail } from './notifications.server';
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
const rowsFor = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id).all();
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

  it('queues nothing for a member who turned notifications off, and drops what is pending when they turn it off later', () => {
    comment(visitor, 'Before');
    updateEmailPreferences(owner, { notifications: false });
    comment(visitor, 'After');
    expect(rowsFor(owner)).toHaveLength(1);
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
      { kind: 'competition', competitionId, title: 'Winter RGB', placement: 1 },
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
