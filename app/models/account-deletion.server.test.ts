import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, builds, comments, competitions, images, jobs, sessions, users } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { deleteOwnAccount, requestAccountDeletion } from './account-deletion.server';
import { addComment } from './comments.server';
import { rankEntries } from './competition-standings.server';
import { enterCompetition } from './competition-entries.server';
import { reserveLoginCode, saveLoginCode, verifyLoginCode } from './login-codes.server';
import { rateBuild } from './ratings.server';
import { createSession } from './sessions.server';
import { aCompetition, aListedBuild, aMember, anImageWithFile } from '#tests/support/factories';
import { extractCode, type SmtpSink, startSmtpSink } from '#tests/support/smtp-sink';
import { freshUploadsDir } from '#tests/support/uploads-dir';

const IP = '203.0.113.9';
const uploadsFolder = freshUploadsDir('deletion', { SCREENING: 'off' });
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

beforeEach(() => {
  vi.stubEnv('SMTP_URL', sink.url);
  resetEnv();
});

/** Asks for the deletion code as the settings do, and reads it from the mail. */
async function mailedCode(member: { id: number; email: string; isAdmin: boolean }): Promise<string> {
  const seen = sink.messages.filter((mail) => mail.to.includes(member.email)).length;
  expect(await requestAccountDeletion(member, IP)).toEqual({ ok: true });
  return extractCode(await sink.waitForMail(member.email, { after: seen }));
}

const scores = (buildId: number) =>
  db()
    .select({ total: builds.totalRating, votes: builds.ratingCount, average: builds.averageRating, comments: builds.commentCount })
    .from(builds)
    .where(eq(builds.id, buildId))
    .get();
const reputation = (userId: number) =>
  db().select({ reputation: users.reputation }).from(users).where(eq(users.id, userId)).get()?.reputation;

describe('deleteOwnAccount', () => {
  it('takes the member’s ratings out of every score: build totals, the owner’s reputation, the running competition’s standings, the leaderboards', async () => {
    const leaving = aMember();
    const alice = aMember();
    const bob = aMember();
    const competitionId = aCompetition();
    const alicesRig = await aListedBuild({ userId: alice.id });
    expect(enterCompetition({ competitionId, userId: alice.id, buildId: alicesRig })).toMatchObject({ ok: true });
    rateBuild({ buildId: alicesRig, userId: leaving.id, rating: 1 });
    rateBuild({ buildId: alicesRig, userId: bob.id, rating: 5 });
    expect(scores(alicesRig)).toMatchObject({ total: 6, votes: 2, average: 3 });
    expect(reputation(alice.id)).toBe(2);
    const competition = db().select().from(competitions).where(eq(competitions.id, competitionId)).get()!;
    expect(rankEntries(db(), competition)[0]).toMatchObject({ buildId: alicesRig, votes: 2, points: 6 });
    db().delete(jobs).run();

    expect(await deleteOwnAccount(leaving, { code: await mailedCode(leaving), ip: IP })).toEqual({ ok: true });

    expect(scores(alicesRig)).toMatchObject({ total: 5, votes: 1, average: 5 });
    expect(reputation(alice.id)).toBe(3);
    expect(rankEntries(db(), competition)[0]).toMatchObject({ buildId: alicesRig, votes: 1, points: 5 });
    // The leaderboards' standings are stored: their job is asked to rank again.
    expect(db().select({ type: jobs.type }).from(jobs).all()).toContainEqual({ type: 'leaderboard' });
  });

  it('keeps the member’s comments that others answered as "[deleted]" and drops the rest', async () => {
    const leaving = aMember();
    const bob = aMember();
    const bobsRig = await aListedBuild({ userId: bob.id });
    const answered = addComment({ buildId: bobsRig, userId: leaving.id, content: 'Cable spaghetti' });
    const bobsReply = addComment({ buildId: bobsRig, userId: bob.id, content: 'It is art', parentCommentId: answered.id });
    const unanswered = addComment({ buildId: bobsRig, userId: leaving.id, content: 'Nice fans' });
    const bobsThread = addComment({ buildId: bobsRig, userId: bob.id, content: 'Thanks all' });
    const leavingsReply = addComment({ buildId: bobsRig, userId: leaving.id, content: 'You are welcome', parentCommentId: bobsThread.id });
    expect(scores(bobsRig)?.comments).toBe(5);

    await deleteOwnAccount(leaving, { code: await mailedCode(leaving), ip: IP });

    const left = db().select().from(comments).where(eq(comments.buildId, bobsRig)).all();
    expect(left.find((comment) => comment.id === answered.id)).toMatchObject({ content: '', userId: null, deletedAt: expect.any(Date) });
    expect(left.map((comment) => comment.id).sort()).toEqual([answered.id, bobsReply.id, bobsThread.id].sort());
    expect(left.some((comment) => comment.id === unanswered.id || comment.id === leavingsReply.id)).toBe(false);
    expect(scores(bobsRig)?.comments).toBe(2);
  });

  it('deletes the member’s builds, their photo files and their entry, and ends their sessions; the audit row names nobody', async () => {
    const leaving = aMember({ username: 'leaving_larry', email: 'larry@example.com' });
    const photo = anImageWithFile(uploadsFolder());
    const rig = await aListedBuild({ userId: leaving.id, imageId: photo.imageId });
    const published = join(uploadsFolder(), 'images', photo.fileName);
    expect(existsSync(published)).toBe(true);
    // The only entry of a running competition.
    const competitionId = aCompetition();
    enterCompetition({ competitionId, userId: leaving.id, buildId: rig });
    createSession({ sessionId: 'one', userId: leaving.id, userAgent: null, ip: IP });
    createSession({ sessionId: 'two', userId: leaving.id, userAgent: null, ip: IP });

    await deleteOwnAccount(leaving, { code: await mailedCode(leaving), ip: IP });

    expect(db().select().from(users).where(eq(users.id, leaving.id)).get()).toBeUndefined();
    expect(db().select().from(builds).where(eq(builds.id, rig)).get()).toBeUndefined();
    expect(db().select().from(images).where(eq(images.id, photo.imageId)).get()).toBeUndefined();
    expect(existsSync(published)).toBe(false);
    expect(existsSync(join(uploadsFolder(), 'private', 'images', photo.fileName))).toBe(false);
    expect(db().select().from(sessions).where(eq(sessions.userId, leaving.id)).all()).toEqual([]);
    const competition = db().select().from(competitions).where(eq(competitions.id, competitionId)).get()!;
    expect(rankEntries(db(), competition)).toEqual([]);
    const audit = db().select().from(auditLog).where(eq(auditLog.action, 'delete-own-account')).all();
    expect(audit).toEqual([expect.objectContaining({ actorId: null, targetId: leaving.id, targetLabel: '' })]);
    expect(JSON.stringify(audit)).not.toMatch(/larry/i);
  });

  it('refuses a wrong code, and a sign-in code, and changes nothing', async () => {
    const leaving = aMember();
    const rig = await aListedBuild({ userId: leaving.id });
    const code = await mailedCode(leaving);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await deleteOwnAccount(leaving, { code: wrong, ip: IP })).toMatchObject({ ok: false, reason: 'invalid_code' });
    const signIn = reserveLoginCode({ email: leaving.email, ip: IP, browserId: 'b' });
    if (!signIn.ok) throw new Error('refused');
    saveLoginCode(signIn.prepared);
    expect(await deleteOwnAccount(leaving, { code: signIn.prepared.code, ip: IP })).toMatchObject({ ok: false });
    expect(db().select().from(builds).where(eq(builds.id, rig)).get()).toBeDefined();
    // Nor does the deletion code sign anyone in.
    expect(verifyLoginCode({ email: leaving.email, code, ip: IP })).toMatchObject({ ok: false });
    expect(await deleteOwnAccount(leaving, { code, ip: IP })).toEqual({ ok: true });
  });

  it('keeps the site’s only admin', async () => {
    const admin = aMember({ isAdmin: true });
    expect(await requestAccountDeletion(admin, IP)).toMatchObject({ ok: false, reason: 'last_admin' });
    aMember({ isAdmin: true });
    expect(await requestAccountDeletion(admin, IP)).toEqual({ ok: true });
    expect(
      db()
        .select()
        .from(users)
        .where(and(eq(users.id, admin.id), eq(users.isAdmin, true)))
        .get(),
    ).toBeDefined();
  });
});
