import { describe, expect, it } from 'vitest';
import { Browser, pageText, toastText } from '#tests/support/browser';
import { askedTwice } from '#tests/support/page-cache';
import { signInWithCode } from '#tests/support/sign-in';
import { readRow } from '#tests/support/test-database';
import { aBuildBy } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';

const stack = sharedStack({}, { network: '192.0.2' });
let rigs = 0;

const buildBy = (owner: Browser, title = `Rig ${++rigs}`) => aBuildBy(owner, title);

const query = <T>(sql: string, ...params: unknown[]) => readRow<T>(stack.app.databasePath, sql, ...params);
const aggregates = (id: number) =>
  query<{ total_rating: number; rating_count: number; average_rating: number; comment_count: number }>(
    'select total_rating, rating_count, average_rating, comment_count from builds where id = ?',
    id,
  );
/** Replies to comment `parent` on build `id` through the reply form of its thread (opened by comment `thread`). */
const postReply = (by: Browser, id: number, content: string, parent: number, thread = parent) =>
  by.post(`/build/${id}`, { intent: 'comment', form: `reply-${thread}`, content, parentCommentId: String(parent) });

describe('rating a build (forms without JavaScript)', () => {
  it('records one rating per stack.member, changes it on a second rating, and keeps the aggregates exact', async () => {
    const owner = await stack.member();
    const id = await buildBy(owner);
    const [first, second] = [await stack.member(), await stack.member()];
    const rated = await first.post(`/build/${id}`, { intent: 'rate', rating: '5' });
    expect(rated.url).toBe(`/build/${id}`);
    expect(toastText(rated.html)).toContain('Rating submitted');
    await second.post(`/build/${id}`, { intent: 'rate', rating: '2' });
    await first.post(`/build/${id}`, { intent: 'rate', rating: '4' });
    expect(aggregates(id)).toMatchObject({ total_rating: 6, rating_count: 2, average_rating: 3 });
    expect(pageText((await first.get(`/build/${id}`)).html)).toContain('You rated this build 4 stars.');
  });

  it('refuses the owner, ratings out of range, and sends guests to sign in and back', async () => {
    const owner = await stack.member();
    const id = await buildBy(owner);
    const own = await owner.post(`/build/${id}`, { intent: 'rate', rating: '5' });
    expect(toastText(own.html)).toContain('Failed to submit rating: You cannot rate your own build');
    const other = await stack.member();
    for (const rating of ['0', '6', '3.5', 'five']) {
      expect(toastText((await other.post(`/build/${id}`, { intent: 'rate', rating })).html)).toContain(
        'Failed to submit rating: Rating must be between 1 and 5 stars',
      );
    }
    const guest = new Browser(stack.app, '192.0.2.200');
    const response = await guest.submit(`/build/${id}`, { intent: 'rate', rating: '5' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(`/build/${id}`)}`);
    expect(aggregates(id)).toMatchObject({ total_rating: 0, rating_count: 0 });
  });

  it('stays exact under many concurrent ratings', async () => {
    const owner = await stack.member();
    const id = await buildBy(owner);
    const raters = await Promise.all(Array.from({ length: 8 }, () => stack.member()));
    await Promise.all(
      raters.flatMap((rater, index) =>
        [1, 2, 3].map((round) => rater.post(`/build/${id}`, { intent: 'rate', rating: String(((index + round) % 5) + 1) })),
      ),
    );
    const truth = query<{ total: number; votes: number }>(
      'select sum(rating) as total, count(*) as votes from ratings where build_id = ?',
      id,
    );
    expect(truth.votes).toBe(8);
    expect(aggregates(id)).toMatchObject({ total_rating: truth.total, rating_count: 8, average_rating: truth.total / 8 });
  });
});

describe('comments', () => {
  it('posts comments and replies as text, keeps replies one level deep, newest threads first', async () => {
    const owner = await stack.member();
    const id = await buildBy(owner);
    const talker = await stack.member();
    const first = await talker.post(`/build/${id}`, {
      intent: 'comment',
      form: 'comment-new',
      content: 'First!\nSecond line <script>alert(1)</script>',
    });
    expect(toastText(first.html)).toContain('Comment added');
    expect(first.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(first.html).not.toContain('<script>alert(1)');
    await talker.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Newer thread' });
    const firstId = query<{ id: number }>("select id from comments where content like 'First!%'").id;
    const reply = await owner.get(`/build/${id}?replyTo=${firstId}`);
    expect(reply.html).toContain(`id="reply-${firstId}"`);
    await postReply(owner, id, 'A reply', firstId);
    const replyId = query<{ id: number }>("select id from comments where content = 'A reply'").id;
    await postReply(talker, id, 'Reply to the reply', replyId, firstId);
    expect(
      query<{ parent_comment_id: number }>("select parent_comment_id from comments where content = 'Reply to the reply'").parent_comment_id,
    ).toBe(firstId);

    const text = pageText((await talker.get(`/build/${id}`)).html);
    expect(text.indexOf('Newer thread')).toBeLessThan(text.indexOf('First!'));
    expect(text.indexOf('First!')).toBeLessThan(text.indexOf('A reply'));
    expect(aggregates(id).comment_count).toBe(4);
  });

  it('keeps a build page opened to answer a comment, and never one opened for a comment that is not on it', async () => {
    const owner = await stack.member();
    const id = await buildBy(owner);
    await owner.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Answer me' });
    const kept = `/build/${id}?replyTo=${query<{ id: number }>("select id from comments where content = 'Answer me'").id}`;
    const other = await buildBy(owner);
    await owner.post(`/build/${other}`, { intent: 'comment', form: 'comment-new', content: 'Elsewhere' });
    const elsewhere = query<{ id: number }>("select id from comments where content = 'Elsewhere'").id;
    for (const path of [`/build/${id}?replyTo=424242`, `/build/${id}?replyTo=${elsewhere}`]) {
      const page = await askedTwice(stack.app, path, kept);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-page-cache'), path).toBeNull();
      const html = await page.text();
      expect(pageText(html), path).toContain('Answer me');
      expect(html, path).not.toContain('id="reply-');
    }
  });

  it('refuses an empty comment with the documented message and changes nothing', async () => {
    const id = await buildBy(await stack.member());
    const talker = await stack.member();
    const page = await talker.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: '   ' });
    expect(page.status).toBe(400);
    expect(toastText(page.html)).toContain('Failed to add comment: Comment cannot be empty');
    expect(pageText(page.html)).toContain('Comment cannot be empty');
    expect(aggregates(id).comment_count).toBe(0);
    expect(pageText((await talker.get(`/build/${id}`)).html)).toContain('No comments yet. Be the first to comment!');
  });

  it('shows 20 threads, then "View all N comments" shows the rest', async () => {
    const id = await buildBy(await stack.member());
    const talker = await stack.member();
    for (let index = 1; index <= 22; index++)
      await talker.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: `Thread number ${index}` });
    const page = pageText((await talker.get(`/build/${id}`)).html);
    expect(page).toContain('View all 22 comments');
    expect(page).toContain('Thread number 22');
    expect(page).not.toContain('Thread number 2 ');
    const all = pageText((await talker.get(`/build/${id}?comments=all`)).html);
    expect(all).toContain('Thread number 1 ');
    expect(all).not.toContain('View all');
  });

  it('lets members delete their own comments only', async () => {
    const id = await buildBy(await stack.member());
    const [author, other] = [await stack.member(), await stack.member()];
    await author.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Mine' });
    const commentId = query<{ id: number }>("select id from comments where content = 'Mine'").id;
    const refused = await other.post(`/build/${id}`, { intent: 'delete-comment', commentId: String(commentId) });
    expect(toastText(refused.html)).toContain('Failed to delete comment');
    expect(aggregates(id).comment_count).toBe(1);
    const deleted = await author.post(`/build/${id}`, { intent: 'delete-comment', commentId: String(commentId) });
    expect(toastText(deleted.html)).toContain('Comment deleted');
    expect(aggregates(id).comment_count).toBe(0);
  });

  it("keeps other members' replies when a stack.member deletes their comment, on the page and in the API", async () => {
    const id = await buildBy(await stack.member());
    const [author, replier] = [await stack.member(), await stack.member()];
    await author.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Hot take about RGB' });
    const commentId = query<{ id: number }>("select id from comments where content = 'Hot take about RGB'").id;
    await postReply(replier, id, 'RGB adds frames', commentId);
    const authorName = query<{ username: string }>(
      'select username from users where id = (select user_id from comments where id = ?)',
      commentId,
    ).username;

    const deleted = await author.post(`/build/${id}`, { intent: 'delete-comment', commentId: String(commentId) });
    expect(toastText(deleted.html)).toContain('Comment deleted');
    const text = pageText((await replier.get(`/build/${id}`)).html);
    expect(text).toContain('[deleted]');
    expect(text).toContain('RGB adds frames');
    expect(text).not.toContain('Hot take about RGB');
    expect(text).not.toContain(`@${authorName}`);
    expect(text).toContain('Comments (1)');
    expect(aggregates(id).comment_count).toBe(1);

    const detail = (await (await replier.request(`/api/builds/${id}`)).json()) as {
      commentCount: number;
      comments: { id: number; content: string; username: string; deleted: boolean; replies: { content: string }[] }[];
    };
    expect(detail.commentCount).toBe(1);
    expect(detail.comments).toEqual([
      expect.objectContaining({
        id: commentId,
        content: '[deleted]',
        username: '[deleted]',
        deleted: true,
        replies: [expect.objectContaining({ content: 'RGB adds frames', deleted: false })],
      }),
    ]);
  });

  it("ignores a client-sent identity: the comment is the session stack.member's", async () => {
    const id = await buildBy(await stack.member());
    const talker = new Browser(stack.app, '192.0.2.201');
    const email = `spoofer-${Date.now()}@example.com`;
    await signInWithCode(talker, stack.mail, email);
    await talker.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Who am I', userId: '1', username: 'admin' });
    const row = query<{ user_id: number }>("select user_id from comments where content = 'Who am I'");
    expect(row.user_id).toBe(query<{ id: number }>('select id from users where email = ?', email).id);
    expect(row.user_id).not.toBe(1);
  });
});

describe('reports', () => {
  it('files one report per stack.member and item, for builds and comments', async () => {
    const owner = await stack.member();
    const id = await buildBy(owner);
    const reporter = await stack.member();
    const first = await reporter.post(`/build/${id}`, { intent: 'report', reason: 'unrelated' });
    expect(toastText(first.html)).toContain('Report sent');
    const again = await reporter.post(`/build/${id}`, { intent: 'report', reason: 'spam' });
    expect(toastText(again.html)).toContain('Already reported');
    await owner.post(`/build/${id}`, { intent: 'comment', form: 'comment-new', content: 'Buy cheap GPUs at example.com' });
    const commentId = query<{ id: number }>("select id from comments where content like 'Buy cheap%'").id;
    expect(
      toastText((await reporter.post(`/build/${id}`, { intent: 'report', reason: 'spam', commentId: String(commentId) })).html),
    ).toContain('Report sent');
    expect(toastText((await reporter.post(`/build/${id}`, { intent: 'report', reason: 'bogus' })).html)).toContain(
      'Please choose a reason.',
    );
    expect(query<{ n: number }>('select count(*) as n from reports where build_id = ? or comment_id = ?', id, commentId).n).toBe(2);
  });
});
