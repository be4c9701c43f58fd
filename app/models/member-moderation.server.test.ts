import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, competitions } from '../../db/schema';
import {
  acknowledgeWarning,
  activeStrikeCount,
  addModeratorNote,
  liftSuspension,
  listModeratorNotes,
  memberStanding,
  strikeMember,
  suspendMember,
  unacknowledgedWarnings,
  warnMember,
} from './member-moderation.server';
import { listNotifications } from './notifications.server';
import { createSession, findActiveSession } from './sessions.server';
import { activeSuspension } from '~/domain/member-moderation';
import { notificationText } from '~/domain/notifications';
import { db } from '~/services/db.server';
import { aCompetition, aMember } from '#tests/support/factories';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const t0 = new Date('2026-11-20T12:00:00Z');

const admin = () => aMember({ isAdmin: true });
const moderator = () => aMember({ isModerator: true });
const auditRows = () => db().select().from(auditLog).all();

describe('strikes', () => {
  it('count while they run and expire at their date, each with its reason in the audit log', () => {
    const staff = moderator();
    const member = aMember();
    const strike = strikeMember(staff, member.id, { reason: 'Spam in comments', days: 1 }, t0);
    strikeMember(staff, member.id, { reason: 'Rude reply', days: 30 }, t0);
    expect(strike).toMatchObject({ ok: true, expiresAt: new Date(t0.getTime() + DAY) });
    expect(activeStrikeCount(member.id, new Date(t0.getTime() + DAY - 1))).toBe(2);
    expect(activeStrikeCount(member.id, new Date(t0.getTime() + DAY))).toBe(1);
    const standing = memberStanding(member.id, new Date(t0.getTime() + 2 * DAY))!;
    expect(standing.activeStrikes).toBe(1);
    // Newest first; the two were given at the same moment, so the later one leads.
    expect(standing.strikes.map((row) => [row.reason, row.active])).toEqual([
      ['Rude reply', true],
      ['Spam in comments', false],
    ]);
    expect(auditRows()).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        action: 'strike-member',
        targetId: member.id,
        details: expect.stringContaining('Spam in comments'),
      }),
      expect.objectContaining({
        actorId: staff.id,
        action: 'strike-member',
        targetId: member.id,
        details: expect.stringContaining('Rude reply'),
      }),
    ]);
  });
});

describe('suspensions', () => {
  it('keep the member signed in, reach their session at once, and end at their date with nothing written', () => {
    const staff = admin();
    const member = aMember();
    createSession({ sessionId: 'suspended-member-session-id', userId: member.id, userAgent: null, ip: '192.0.2.1' }, t0.getTime());
    const until = new Date(t0.getTime() + 3 * DAY);
    expect(suspendMember(staff, member.id, { reason: 'Harassment', until }, t0)).toMatchObject({ ok: true });
    const session = findActiveSession('suspended-member-session-id', t0.getTime());
    expect(session?.user.suspendedUntil).toEqual(until);
    expect(activeSuspension(session!.user, until.getTime() - 1)).toEqual(until);
    expect(activeSuspension(session!.user, until.getTime())).toBeNull();
    expect(memberStanding(member.id, until)?.suspendedUntil).toBeNull();
    expect(auditRows().at(-1)).toMatchObject({
      actorName: staff.username,
      action: 'suspend-member',
      details: expect.stringContaining('Harassment'),
    });
  });

  it('are lifted early with a reason', () => {
    const staff = admin();
    const member = aMember();
    suspendMember(staff, member.id, { reason: 'Cooling off', until: new Date(t0.getTime() + DAY) }, t0);
    expect(liftSuspension(staff, member.id, 'Apologised', t0)).toMatchObject({ ok: true });
    expect(memberStanding(member.id, t0)?.suspendedUntil).toBeNull();
    expect(auditRows().at(-1)).toMatchObject({ action: 'lift-suspension', details: 'Apologised' });
  });
});

describe('who may act', () => {
  it('refuses staff on themselves, on admins, and moderators on moderators; admins may act on moderators', () => {
    const boss = admin();
    const mod = moderator();
    const otherMod = moderator();
    const until = new Date(t0.getTime() + DAY);
    expect(warnMember(mod, mod.id, 'Self', t0)).toEqual({ ok: false, reason: 'forbidden' });
    expect(suspendMember(mod, boss.id, { reason: 'No', until }, t0)).toEqual({ ok: false, reason: 'forbidden' });
    expect(strikeMember(mod, otherMod.id, { reason: 'No', days: 1 }, t0)).toEqual({ ok: false, reason: 'forbidden' });
    expect(addModeratorNote(aMember(), otherMod.id, 'A member is not staff', t0)).toEqual({ ok: false, reason: 'forbidden' });
    expect(warnMember(mod, 9999, 'Nobody', t0)).toEqual({ ok: false, reason: 'not_found' });
    expect(addModeratorNote(boss, otherMod.id, 'Too quick to hide builds', t0)).toMatchObject({ ok: true });
    expect(auditRows().map((row) => row.action)).toEqual(['note-member']);
  });

  it('leaves a juror of a competition that has not closed to the admins; once it has, moderators may act on them', () => {
    const boss = admin();
    const mod = moderator();
    const juror = aMember();
    const competition = aCompetition({ jurors: [juror.id] });
    const until = new Date(Date.now() + DAY);
    expect(suspendMember(mod, juror.id, { reason: 'Rates friends', until })).toEqual({ ok: false, reason: 'forbidden' });
    expect(warnMember(mod, juror.id, 'Rate the rigs, not the people')).toEqual({ ok: false, reason: 'forbidden' });
    expect(memberStanding(juror.id)?.suspendedUntil).toBeNull();
    expect(warnMember(boss, juror.id, 'Rate the rigs, not the people')).toMatchObject({ ok: true });
    db().update(competitions).set({ closedAt: new Date() }).where(eq(competitions.id, competition)).run();
    expect(suspendMember(mod, juror.id, { reason: 'Rates friends', until })).toMatchObject({ ok: true });
  });
});

describe('warnings', () => {
  it('reach the member as a notice and a notification until they acknowledge it; only they can', () => {
    const staff = moderator();
    const member = aMember();
    const warned = warnMember(staff, member.id, 'Keep the roasts about the hardware.', t0);
    if (!warned.ok) throw new Error('not warned');
    expect(unacknowledgedWarnings(member.id)).toEqual([
      { id: warned.warningId, message: 'Keep the roasts about the hardware.', createdAt: t0 },
    ]);
    const [notification] = listNotifications(member.id).items;
    expect(notification && notificationText(notification)).toBe('A moderator warned you: “Keep the roasts about the hardware.”');
    expect(acknowledgeWarning(aMember().id, warned.warningId)).toBe(false);
    expect(acknowledgeWarning(member.id, warned.warningId, t0)).toBe(true);
    expect(acknowledgeWarning(member.id, warned.warningId, t0)).toBe(false);
    expect(unacknowledgedWarnings(member.id)).toEqual([]);
    expect(memberStanding(member.id, t0)?.warnings).toEqual([expect.objectContaining({ staffName: staff.username, acknowledgedAt: t0 })]);
    expect(auditRows()).toEqual([expect.objectContaining({ action: 'warn-member', details: 'Keep the roasts about the hardware.' })]);
  });
});

describe('private notes', () => {
  it('are kept newest first with who wrote them', () => {
    const staff = moderator();
    const member = aMember();
    addModeratorNote(staff, member.id, 'First report looked like a misunderstanding.', t0);
    addModeratorNote(staff, member.id, 'Second time: watch.', new Date(t0.getTime() + HOUR));
    expect(listModeratorNotes(member.id).map((note) => [note.staffName, note.body])).toEqual([
      [staff.username, 'Second time: watch.'],
      [staff.username, 'First report looked like a misunderstanding.'],
    ]);
  });
});
