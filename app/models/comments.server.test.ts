import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, comments, jobs, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { RATE_LIMITS } from '~/domain/rate-limits';
import {
  addComment,
  awaitedAiReplies,
  CommentError,
  commentForAiReply,
  deleteOwnComment,
  listThreads,
  saveAiReply,
} from './comments.server';
import { aListedBuild, aMember } from '#tests/support/factories';

let memberId: number;
let buildId: number;
const NOW = Date.parse('2026-11-22T12:00:00Z');

beforeEach(async () => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
  memberId = aMember({ username: 'talker', email: 'talker@example.com' }).id;
  buildId = await aListedBuild({ userId: memberId, title: 'Chatty rig' });
  db().update(builds).set({ roast: 'A roast.' }).where(eq(builds.id, buildId)).run();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const aiJobs = () => db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.type, 'ai-reply')).all();
const comment = (content: string, parentCommentId?: number, at = NOW) =>
  addComment({ buildId, userId: memberId, content, parentCommentId }, new Date(at));

describe('addComment', () => {
  it('keeps replies one level deep and counts every comment on the build', () => {
    const top = comment('Nice glass panel');
    const reply = comment('Thanks!', top.id);
    const replyToReply = comment('You are welcome', reply.id);
    const rows = db().select({ id: comments.id, parent: comments.parentCommentId }).from(comments).all();
    expect(rows).toEqual([
      { id: top.id, parent: null },
      { id: reply.id, parent: top.id },
      { id: replyToReply.id, parent: top.id },
    ]);
    expect(db().select({ count: builds.commentCount }).from(builds).get()?.count).toBe(3);
  });

  it('refuses empty and overlong comments, unknown parents and unlisted builds, writing nothing', () => {
    expect(() => comment('   ')).toThrow(new CommentError('Comment cannot be empty'));
    expect(() => comment('x'.repeat(1001))).toThrow(CommentError);
    expect(() => comment('hi', 999)).toThrow(CommentError);
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, buildId)).run();
    expect(() => comment('hi')).toThrow(CommentError);
    expect(db().select().from(comments).all()).toEqual([]);
    expect(db().select({ count: builds.commentCount }).from(builds).get()?.count).toBe(0);
  });

  it('refuses a suspended member, as the suspension guard would, writing nothing', () => {
    db()
      .update(users)
      .set({ suspendedUntil: new Date(NOW + 3600_000) })
      .where(eq(users.id, memberId))
      .run();
    expect(() => comment('Let me in')).toThrow(
      expect.objectContaining({ reason: 'suspended', message: expect.stringMatching(/suspended until/) }),
    );
    expect(db().select().from(comments).all()).toEqual([]);
    // Once it has ended, they comment again.
    expect(comment('Back', undefined, NOW + 2 * 3600_000).content).toBe('Back');
  });
});

describe('AI replies', () => {
  it('queues a reply when a comment mentions @RoastBot, in any case, and not for lookalikes', () => {
    expect(comment('Hey @roastbot, is my GPU ok?').aiReplyQueued).toBe(true);
    expect(comment('email me at me@RoastBot.dev').aiReplyQueued).toBe(false);
    expect(comment('@RoastBotty hi').aiReplyQueued).toBe(false);
    expect(comment('no mention here').aiReplyQueued).toBe(false);
    expect(aiJobs()).toHaveLength(1);
  });

  it("queues a reply when a member answers one of RoastBot's comments", () => {
    const top = comment('first');
    saveAiReply(db(), { buildId, threadId: top.id, content: 'RoastBot says hi', askerId: null });
    const aiComment = db().select({ id: comments.id }).from(comments).where(eq(comments.isAI, true)).get()!;
    expect(comment('oh yeah?', aiComment.id).aiReplyQueued).toBe(true);
    expect(comment('plain reply', top.id).aiReplyQueued).toBe(false);
  });

  it('says which threads wait for RoastBot, and who asked, until its reply is written', () => {
    const top = comment('Rate my loop');
    const asked = comment('@RoastBot what do you think?', top.id);
    comment('Unrelated');
    expect(awaitedAiReplies(buildId)).toEqual([{ threadId: top.id, askerId: memberId }]);
    db().update(jobs).set({ status: 'running' }).where(eq(jobs.type, 'ai-reply')).run();
    expect(awaitedAiReplies(buildId)).toEqual([{ threadId: top.id, askerId: memberId }]);
    db().update(jobs).set({ status: 'done' }).where(eq(jobs.type, 'ai-reply')).run();
    expect(awaitedAiReplies(buildId)).toEqual([]);
    expect(asked.aiReplyQueued).toBe(true);
  });

  it('limits AI replies per member and build, and per member per day', () => {
    for (let index = 0; index < RATE_LIMITS.aiReply.perBuild.limit; index += 1)
      expect(comment(`@RoastBot ${index}`).aiReplyQueued).toBe(true);
    const refused = comment('@RoastBot one more');
    expect(refused.aiReplyQueued).toBe(false);
    // The comment itself is still posted.
    expect(db().select().from(comments).where(eq(comments.id, refused.id)).get()).toBeDefined();
    expect(aiJobs()).toHaveLength(RATE_LIMITS.aiReply.perBuild.limit);
    // A day later the allowance is back.
    expect(comment('@RoastBot tomorrow', undefined, NOW + RATE_LIMITS.aiReply.perBuild.windowMs + 1).aiReplyQueued).toBe(true);
    expect(RATE_LIMITS.aiReply.perMember.limit).toBeGreaterThan(RATE_LIMITS.aiReply.perBuild.limit);
  });

  it('gives the reply job the thread so far, and the reply lands under the top-level comment', () => {
    const top = comment('Is 8 fans too many? @RoastBot');
    saveAiReply(db(), { buildId, threadId: top.id, content: 'Never.', askerId: null });
    const followUp = comment('Really?', top.id);
    const context = commentForAiReply(followUp.id)!;
    expect(context).toMatchObject({ buildId, threadId: top.id, title: 'Chatty rig', roast: 'A roast.' });
    expect(context.thread).toEqual([
      { author: 'talker', isAI: false, content: 'Is 8 fans too many? @RoastBot' },
      { author: 'RoastBot', isAI: true, content: 'Never.' },
      { author: 'talker', isAI: false, content: 'Really?' },
    ]);
    saveAiReply(db(), { buildId, threadId: context.threadId, content: 'Really.', askerId: null });
    const last = db().select().from(comments).orderBy(comments.id).all().at(-1)!;
    expect(last).toMatchObject({ isAI: true, userId: null, parentCommentId: top.id, content: 'Really.' });
    expect(db().select({ count: builds.commentCount }).from(builds).get()?.count).toBe(4);
  });
});

describe('listThreads and deleteOwnComment', () => {
  it('lists the newest threads first with replies oldest first, capped', () => {
    const old = comment('old thread', undefined, NOW);
    comment('reply one', old.id, NOW + 1);
    comment('reply two', old.id, NOW + 2);
    comment('new thread', undefined, NOW + 3);
    const { threads, threadCount } = listThreads(buildId);
    expect(threadCount).toBe(2);
    expect(threads.map((thread) => [thread.content, thread.replies.map((item) => item.content)])).toEqual([
      ['new thread', []],
      ['old thread', ['reply one', 'reply two']],
    ]);
    expect(listThreads(buildId, 1).threads.map((thread) => thread.content)).toEqual(['new thread']);
  });

  it('lists the most answered threads first for Top, ties newest first', () => {
    const quiet = comment('quiet, oldest', undefined, NOW);
    const busy = comment('busy', undefined, NOW + 1);
    const some = comment('some', undefined, NOW + 2);
    comment('newest, no replies', undefined, NOW + 3);
    const newerQuiet = comment('quiet, newer', undefined, NOW + 4);
    for (let n = 0; n < 3; n++) comment(`busy reply ${n}`, busy.id, NOW + 10 + n);
    comment('some reply', some.id, NOW + 20);
    expect(quiet.id).toBeLessThan(newerQuiet.id);
    expect(listThreads(buildId, undefined, 'top').threads.map((thread) => thread.content)).toEqual([
      'busy',
      'some',
      'quiet, newer',
      'newest, no replies',
      'quiet, oldest',
    ]);
    expect(listThreads(buildId, 2, 'top')).toMatchObject({ threadCount: 5, threads: [{ content: 'busy' }, { content: 'some' }] });
    expect(listThreads(buildId, undefined, 'new').threads[0]!.content).toBe('quiet, newer');
  });

  const commentCount = () => db().select({ count: builds.commentCount }).from(builds).get()?.count;
  const others = () => aMember({ username: 'replier', email: 'replier@example.com' }).id;
  const replyAs = (userId: number, content: string, parentCommentId: number, at: number) =>
    addComment({ buildId, userId, content, parentCommentId }, new Date(at));

  it('keeps the replies of others when a member deletes their comment, showing it as [deleted] without text or author', () => {
    const mine = comment('my hot take', undefined, NOW);
    const replier = others();
    replyAs(replier, 'nope', mine.id, NOW + 1);
    replyAs(replier, 'still nope', mine.id, NOW + 2);

    const stranger = aMember({ username: 'stranger', email: 'stranger@example.com' }).id;
    expect(deleteOwnComment(mine.id, stranger)).toBe(false);
    expect(deleteOwnComment(mine.id, memberId)).toBe(true);

    const [thread] = listThreads(buildId).threads;
    expect(thread).toMatchObject({ id: mine.id, deleted: true, content: '[deleted]', username: '[deleted]', userId: null, avatarUrl: '' });
    expect(thread!.replies.map((reply) => [reply.content, reply.deleted])).toEqual([
      ['nope', false],
      ['still nope', false],
    ]);
    // Nothing of it is left in the database either.
    expect(
      db().select({ content: comments.content, userId: comments.userId }).from(comments).where(eq(comments.id, mine.id)).get(),
    ).toEqual({
      content: '',
      userId: null,
    });
    // The count is of comments that can still be read.
    expect(commentCount()).toBe(2);
    // Deleted once: it is no longer the member's to delete again.
    expect(deleteOwnComment(mine.id, memberId)).toBe(false);
  });

  it('deletes a comment without replies outright, and a [deleted] one once its last reply goes', () => {
    const lonely = comment('nobody answers', undefined, NOW);
    expect(deleteOwnComment(lonely.id, memberId)).toBe(true);
    expect(listThreads(buildId).threads).toEqual([]);

    const mine = comment('my take', undefined, NOW + 1);
    const replier = others();
    const first = replyAs(replier, 'reply', mine.id, NOW + 2);
    const second = replyAs(replier, 'another', mine.id, NOW + 3);
    deleteOwnComment(mine.id, memberId);
    expect(deleteOwnComment(first.id, replier)).toBe(true);
    expect(listThreads(buildId).threads.map((thread) => [thread.content, thread.replies.length])).toEqual([['[deleted]', 1]]);
    expect(deleteOwnComment(second.id, replier)).toBe(true);
    expect(listThreads(buildId).threads).toEqual([]);
    expect(db().select().from(comments).all()).toEqual([]);
    expect(commentCount()).toBe(0);
  });

  it('lets members keep replying in a thread whose first comment was deleted, and RoastBot never answers a deleted comment', () => {
    const mine = comment('@RoastBot rate my cables', undefined, NOW);
    const replier = others();
    replyAs(replier, 'lol', mine.id, NOW + 1);
    deleteOwnComment(mine.id, memberId);
    expect(commentForAiReply(mine.id)).toBeNull();

    const later = replyAs(replier, '@RoastBot what do you think?', mine.id, NOW + 2);
    expect(later.parentCommentId).toBe(mine.id);
    const reply = commentForAiReply(later.id)!;
    expect(reply.thread.map((entry) => [entry.author, entry.content])).toEqual([
      ['[deleted]', '[deleted]'],
      ['replier', 'lol'],
      ['replier', '@RoastBot what do you think?'],
    ]);
    expect(commentCount()).toBe(2);
  });
});
