import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, comments, pendingComments, users } from '../../db/schema';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { addComment } from './comments.server';
import { keepPendingComment, PENDING_COMMENT_TTL_MS, postPendingComment, prunePendingComments } from './pending-comments.server';
import { aListedBuild, aMember } from '#tests/support/factories';

const NOW = Date.parse('2026-11-22T12:00:00Z');
let buildId: number;
let memberId: number;

beforeEach(async () => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
  buildId = await aListedBuild({ userId: aMember({ username: 'owner' }).id, title: 'Waiting rig' });
  memberId = aMember({ username: 'newcomer' }).id;
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const keep = (fields: Partial<Parameters<typeof keepPendingComment>[0]> = {}, at = NOW) =>
  keepPendingComment({ buildId, content: 'Kept through sign-in', address: '203.0.113.9', replaces: null, ...fields }, at);
const keptId = (fields: Partial<Parameters<typeof keepPendingComment>[0]> = {}, at = NOW) => {
  const kept = keep(fields, at);
  if (!kept.ok) throw new Error(`not kept: ${kept.reason}`);
  return kept.id;
};
const commentRows = () =>
  db().select({ userId: comments.userId, content: comments.content, parent: comments.parentCommentId }).from(comments).all();
const pendingRows = () => db().select().from(pendingComments).all();

describe('a guest’s comment kept through sign-in', () => {
  it('is posted once, as the member who signed in, and then forgotten', () => {
    const id = keptId();
    expect(commentRows()).toEqual([]);
    const posted = postPendingComment(id, memberId, new Date(NOW + 60_000));
    expect(posted).toEqual({ ok: true, buildId, commentId: expect.any(Number) });
    expect(commentRows()).toEqual([{ userId: memberId, content: 'Kept through sign-in', parent: null }]);
    expect(pendingRows()).toEqual([]);
    // A second tab finishing its sign-in finds it gone.
    expect(postPendingComment(id, memberId, new Date(NOW + 61_000))).toEqual({ ok: false, reason: 'expired' });
    expect(commentRows()).toHaveLength(1);
  });

  it('keeps a reply in its thread, and replaces what the same browser kept before', () => {
    const thread = addComment({ buildId, userId: memberId, content: 'A thread' }, new Date(NOW)).id;
    const first = keptId({ content: 'First try' });
    const second = keptId({ content: 'Second try', parentCommentId: thread, replaces: first });
    expect(pendingRows().map((row) => row.id)).toEqual([second]);
    expect(postPendingComment(second, memberId, new Date(NOW))).toMatchObject({ ok: true });
    expect(commentRows()).toContainEqual({ userId: memberId, content: 'Second try', parent: thread });
  });

  it('waits an hour, and housekeeping clears what waited longer', () => {
    const late = keptId();
    const kept = keptId({}, NOW + 1000);
    expect(postPendingComment(late, memberId, new Date(NOW + PENDING_COMMENT_TTL_MS))).toEqual({ ok: false, reason: 'expired' });
    expect(prunePendingComments(NOW + PENDING_COMMENT_TTL_MS + 500)).toBe(0);
    expect(prunePendingComments(NOW + PENDING_COMMENT_TTL_MS + 2000)).toBe(1);
    expect(postPendingComment(kept, memberId, new Date(NOW))).toEqual({ ok: false, reason: 'expired' });
    expect(commentRows()).toEqual([]);
  });

  it('is not posted for a suspended member: dropped, with the reason', () => {
    const id = keptId();
    db()
      .update(users)
      .set({ suspendedUntil: new Date(NOW + 24 * 3600_000) })
      .where(eq(users.id, memberId))
      .run();
    expect(postPendingComment(id, memberId, new Date(NOW))).toEqual({
      ok: false,
      reason: 'suspended',
      message: expect.stringMatching(/^Your account is suspended until /),
      buildId,
    });
    expect(commentRows()).toEqual([]);
    expect(pendingRows()).toEqual([]);
  });

  it('is refused, and dropped, when its thread or build went meanwhile', () => {
    const thread = addComment({ buildId, userId: memberId, content: 'Soon gone' }, new Date(NOW)).id;
    const reply = keptId({ parentCommentId: thread });
    db().delete(comments).where(eq(comments.id, thread)).run();
    expect(postPendingComment(reply, memberId, new Date(NOW))).toMatchObject({
      ok: false,
      reason: 'not_found',
      message: 'The comment you replied to no longer exists',
    });
    const id = keptId();
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, buildId)).run();
    expect(postPendingComment(id, memberId, new Date(NOW))).toMatchObject({ ok: false, reason: 'not_found' });
    expect(commentRows()).toEqual([]);
    expect(pendingRows()).toEqual([]);
    // A build that takes no comments keeps none.
    expect(keep()).toEqual({ ok: false, reason: 'not_found' });
  });

  it('is counted per network address: a flood is refused and keeps nothing more', () => {
    const { limit } = RATE_LIMITS.pendingComment.perAddress;
    for (let n = 0; n < limit; n++) expect(keep({ content: `Flood ${n}` }).ok).toBe(true);
    expect(keep({ content: 'One too many' })).toEqual({ ok: false, reason: 'limited' });
    expect(keep({ content: 'Another network', address: '198.51.100.4' }).ok).toBe(true);
    expect(pendingRows()).toHaveLength(limit + 1);
  });
});
