import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, builds, comments, ratings, sessions, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { changeMember, deleteMember, listMembers } from './admin-members.server';
import { addComment } from './comments.server';
import { saveImage } from '~/models/uploads.server';
import { rateBuild } from './ratings.server';
import { createSession } from './sessions.server';
import { aBuild, aMember } from '#tests/support/factories';
import { columnValues } from '#tests/support/test-database';
import { freshUploadsDir } from '#tests/support/uploads-dir';

const uploadsFolder = freshUploadsDir('admin', { SCREENING: 'off' });

const member = (name: string, roles: { isAdmin?: boolean; isModerator?: boolean } = {}) =>
  aMember({ username: name, email: `${name}@example.com`, ...roles });

/** A listed build with its own photo file on the volume, published as the build goes live. */
async function buildBy(userId: number, title: string) {
  const hash = title.replace(/\W/g, '').padEnd(64, '0').slice(0, 64);
  mkdirSync(join(uploadsFolder(), 'private', 'images'), { recursive: true });
  writeFileSync(join(uploadsFolder(), 'private', 'images', `${hash}-640.jpg`), 'jpeg');
  const imageId = saveImage({
    hash,
    width: 800,
    height: 600,
    placeholder: '',
    variants: [{ format: 'jpeg', width: 640, height: 480, bytes: 4, fileName: `${hash}-640.jpg` }],
  });
  return { id: await aBuild({ userId, title, imageId }), file: join(uploadsFolder(), 'images', `${hash}-640.jpg`) };
}

const totals = (id: number) =>
  db()
    .select({ total: builds.totalRating, votes: builds.ratingCount, average: builds.averageRating, comments: builds.commentCount })
    .from(builds)
    .where(eq(builds.id, id))
    .get();

describe('deleteMember', () => {
  it('deletes the account with its builds, ratings, comments and photo, and keeps every other build exact', async () => {
    const admin = member('admin', { isAdmin: true });
    const doomed = member('doomed');
    const alice = member('alice');
    const bob = member('bob');
    const alicesRig = await buildBy(alice.id, 'Alice rig');
    const doomedRig = await buildBy(doomed.id, 'Doomed rig');
    rateBuild({ buildId: alicesRig.id, userId: doomed.id, rating: 1 });
    rateBuild({ buildId: alicesRig.id, userId: bob.id, rating: 5 });
    rateBuild({ buildId: doomedRig.id, userId: alice.id, rating: 4 });
    const doomedComment = addComment({ buildId: alicesRig.id, userId: doomed.id, content: 'Meh' });
    addComment({ buildId: alicesRig.id, userId: bob.id, content: 'Reply to a doomed comment', parentCommentId: doomedComment.id });
    addComment({ buildId: alicesRig.id, userId: bob.id, content: 'Nice' });
    expect(totals(alicesRig.id)).toEqual({ total: 6, votes: 2, average: 3, comments: 3 });

    const result = await deleteMember({ ...admin, username: admin.username }, doomed.id);

    expect(result).toMatchObject({ ok: true, member: { username: 'doomed' } });
    expect(db().select().from(users).where(eq(users.id, doomed.id)).get()).toBeUndefined();
    expect(db().select().from(builds).where(eq(builds.id, doomedRig.id)).get()).toBeUndefined();
    expect(db().select().from(ratings).where(eq(ratings.userId, doomed.id)).all()).toEqual([]);
    // The doomed comment goes with its reply; Bob's own thread stays.
    expect(db().select({ content: comments.content }).from(comments).all()).toEqual([{ content: 'Nice' }]);
    expect(totals(alicesRig.id)).toEqual({ total: 5, votes: 1, average: 5, comments: 1 });
    expect(existsSync(doomedRig.file)).toBe(false);
    expect(existsSync(alicesRig.file)).toBe(true);
    expect(
      db().select({ action: auditLog.action, actorName: auditLog.actorName, targetLabel: auditLog.targetLabel }).from(auditLog).all(),
    ).toEqual([{ action: 'delete-member', actorName: 'admin', targetLabel: 'doomed' }]);
  });

  it("takes the deleted member's ratings out of the owners' reputation", async () => {
    const admin = member('admin', { isAdmin: true });
    const doomed = member('doomed');
    const alice = member('alice');
    const alicesRig = await buildBy(alice.id, 'Alice rig');
    rateBuild({ buildId: alicesRig.id, userId: doomed.id, rating: 5 });
    const reputation = () => db().select({ reputation: users.reputation }).from(users).where(eq(users.id, alice.id)).get()?.reputation;
    expect(reputation()).toBe(3);

    await deleteMember({ ...admin, username: admin.username }, doomed.id);

    expect(reputation()).toBe(0);
  });

  it('refuses admins, oneself, moderators acting and unknown members, changing nothing', async () => {
    const admin = member('admin', { isAdmin: true });
    const otherAdmin = member('other_admin', { isAdmin: true });
    const moderator = member('moderator', { isModerator: true });
    const plain = member('plain');
    const as = (user: typeof admin) => ({ ...user, username: user.username });
    expect(await deleteMember(as(admin), otherAdmin.id)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await deleteMember(as(admin), admin.id)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await deleteMember(as(moderator), plain.id)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await deleteMember(as(plain), moderator.id)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await deleteMember(as(admin), 9999)).toEqual({ ok: false, reason: 'not_found' });
    expect(db().select().from(users).all()).toHaveLength(4);
    expect(db().select().from(auditLog).all()).toEqual([]);
  });
});

describe('changeMember', () => {
  it('disables a member and ends their sessions at once; enables them again', () => {
    const admin = member('admin', { isAdmin: true });
    const target = member('target');
    createSession({ sessionId: 'a'.repeat(40), userId: target.id, userAgent: null, ip: '203.0.113.9' });
    expect(changeMember(admin, target.id, 'disable')).toMatchObject({ ok: true, member: { isDisabled: true } });
    expect(db().select().from(sessions).where(eq(sessions.userId, target.id)).all()).toEqual([]);
    expect(changeMember(admin, target.id, 'enable')).toMatchObject({ ok: true, member: { isDisabled: false } });
    expect(columnValues(auditLog.action)).toEqual(['disable-member', 'enable-member']);
  });

  it('grants and removes moderator, never for an admin', () => {
    const admin = member('admin', { isAdmin: true });
    const otherAdmin = member('other_admin', { isAdmin: true });
    const target = member('target');
    expect(changeMember(admin, target.id, 'grant-moderator')).toMatchObject({ ok: true, member: { isModerator: true } });
    expect(changeMember(admin, target.id, 'remove-moderator')).toMatchObject({ ok: true, member: { isModerator: false } });
    expect(changeMember(admin, otherAdmin.id, 'grant-moderator')).toEqual({ ok: false, reason: 'forbidden' });
    expect(db().select({ isModerator: users.isModerator }).from(users).where(eq(users.id, otherAdmin.id)).get()).toEqual({
      isModerator: false,
    });
  });
});

describe('listMembers', () => {
  it('finds members by part of their name or address, literally, a page at a time', () => {
    member('glow_king');
    member('GlowQueen');
    member('other');
    member('percent');
    expect(
      listMembers({ q: 'glow', limit: 10, offset: 0 })
        .rows.map((row) => row.username)
        .sort(),
    ).toEqual(['GlowQueen', 'glow_king']);
    expect(listMembers({ q: '_', limit: 10, offset: 0 }).rows.map((row) => row.username)).toEqual(['glow_king']);
    expect(listMembers({ q: '%', limit: 10, offset: 0 }).total).toBe(0);
    const page = listMembers({ q: '', limit: 2, offset: 2 });
    expect(page.total).toBe(4);
    expect(page.rows).toHaveLength(2);
  });
});
