import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, notifications } from '../../db/schema';
import { moderationQueue } from './admin-overview.server';
import { decideAppeal, fileAppeal, listOpenAppeals, memberAppealHistory, ownStanding } from './appeals.server';
import {
  activeStrikeCount,
  liftSuspension,
  memberStanding,
  strikeMember,
  suspendMember,
  suspensionNotice,
} from './member-moderation.server';
import { updateEmailPreferences } from './email-preferences.server';
import { listNotifications } from './notifications.server';
import { findUserById } from './users.server';
import { notificationText } from '~/domain/notifications';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { db } from '~/services/db.server';
import { aCompetition, aMember } from '#tests/support/factories';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const t0 = new Date();
const later = (ms: number) => new Date(t0.getTime() + ms);

const moderator = () => aMember({ isModerator: true });
const lastAudit = () => db().select().from(auditLog).all().at(-1);
const texts = (memberId: number) => listNotifications(memberId).items.map((item) => notificationText(item));
/** The mail's side of a member's notifications: pending ones are mailed, suppressed ones are not. */
const mailed = (memberId: number) =>
  db()
    .select({ kind: notifications.kind, status: notifications.status })
    .from(notifications)
    .where(eq(notifications.userId, memberId))
    .all();

function suspended(reason = 'Flame war in the comments', days = 3) {
  const staff = moderator();
  const member = aMember();
  const result = suspendMember(staff, member.id, { reason, until: later(days * DAY) }, t0);
  if (!result.ok) throw new Error('not suspended');
  return { staff, member, suspensionId: result.suspensionId };
}

describe('a suspension', () => {
  it('tells its member why and until when, in the site and by mail, and where forms were', () => {
    const { member } = suspended();
    expect(texts(member.id)).toEqual([
      expect.stringMatching(/^A moderator suspended your account until .+ UTC: “Flame war in the comments”$/),
    ]);
    expect(mailed(member.id)).toEqual([{ kind: 'suspension', status: 'pending' }]);
    const user = findUserById(member.id)!;
    expect(suspensionNotice(user, t0.getTime())).toEqual({
      until: later(3 * DAY).getTime(),
      reason: 'Flame war in the comments',
      appeal: 'none',
    });
    expect(suspensionNotice(aMember(), t0.getTime())).toBeNull();
  });

  it('changed while it runs stays one suspension, with the new end and reason, and its member is told again', () => {
    const { staff, member, suspensionId } = suspended();
    const changed = suspendMember(staff, member.id, { reason: 'Kept at it in private messages', until: later(10 * DAY) }, later(HOUR));
    expect(changed).toMatchObject({ ok: true, suspensionId });
    expect(memberStanding(member.id, later(HOUR))?.suspension).toMatchObject({
      id: suspensionId,
      reason: 'Kept at it in private messages',
      until: later(10 * DAY),
      staffName: staff.username,
    });
    expect(texts(member.id)).toHaveLength(2);
  });
});

describe('a strike', () => {
  it('tells its member the reason and until when it counts, in the site and by mail', () => {
    const member = aMember();
    strikeMember(moderator(), member.id, { reason: 'Spam links', days: 7 }, t0);
    expect(texts(member.id)).toEqual([expect.stringMatching(/^A moderator gave you a strike: “Spam links” \(it counts until .+ UTC\)$/)]);
    expect(mailed(member.id)).toEqual([{ kind: 'strike', status: 'pending' }]);
  });

  it('and a suspension are told in the site only to a member who turned notification mail off', () => {
    const member = aMember();
    updateEmailPreferences(member.id, { notifications: false });
    const staff = moderator();
    strikeMember(staff, member.id, { reason: 'Spam links', days: 7 }, t0);
    suspendMember(staff, member.id, { reason: 'Spam again', until: later(DAY) }, t0);
    expect(texts(member.id)).toHaveLength(2);
    expect(mailed(member.id)).toEqual([
      { kind: 'strike', status: 'suppressed' },
      { kind: 'suspension', status: 'suppressed' },
    ]);
  });
});

describe('an appeal', () => {
  it('against a suspension waits in the queue, one per suspension, and the notice says so', () => {
    const { member } = suspended();
    const before = moderationQueue().total;
    const appeal = fileAppeal(member.id, { about: 'suspension' }, 'It was a joke between friends.', later(HOUR));
    expect(appeal).toMatchObject({ ok: true });
    expect(fileAppeal(member.id, { about: 'suspension' }, 'Again', later(HOUR))).toEqual({ ok: false, reason: 'already_appealed' });
    expect(moderationQueue()).toMatchObject({ openAppeals: 1, total: before + 1 });
    expect(listOpenAppeals(later(HOUR))).toEqual([
      expect.objectContaining({
        userId: member.id,
        about: 'suspension',
        subjectReason: 'Flame war in the comments',
        subjectEnds: later(3 * DAY),
        inForce: true,
        message: 'It was a joke between friends.',
      }),
    ]);
    expect(suspensionNotice(findUserById(member.id)!, later(HOUR).getTime())?.appeal).toBe('open');
    expect(ownStanding(member.id, later(HOUR)).suspension?.appeal).toMatchObject({
      status: 'open',
      message: 'It was a joke between friends.',
    });
  });

  it('needs something in force to appeal, of the member’s own', () => {
    const member = aMember();
    const other = aMember();
    const strike = strikeMember(moderator(), other.id, { reason: 'Spam', days: 1 }, t0);
    if (!strike.ok) throw new Error('no strike');
    expect(fileAppeal(member.id, { about: 'suspension' }, 'Why?', t0)).toEqual({ ok: false, reason: 'not_found' });
    expect(fileAppeal(member.id, { about: 'strike', strikeId: strike.strikeId }, 'Not mine', t0)).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(fileAppeal(other.id, { about: 'strike', strikeId: strike.strikeId }, 'Too late', later(DAY))).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(listOpenAppeals()).toEqual([]);
  });

  it('upheld keeps the suspension; the member reads the reply, and that appeal is final', () => {
    const { member } = suspended();
    const staff = moderator();
    const filed = fileAppeal(member.id, { about: 'suspension' }, 'Please', later(HOUR));
    if (!filed.ok) throw new Error('not filed');
    expect(decideAppeal(staff, filed.appealId, { lift: false, reply: 'The thread speaks for itself.' }, later(2 * HOUR))).toMatchObject({
      ok: true,
    });
    expect(decideAppeal(staff, filed.appealId, { lift: true, reply: 'Twice' }, later(2 * HOUR))).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(memberStanding(member.id, later(2 * HOUR))?.suspendedUntil).toEqual(later(3 * DAY));
    expect(suspensionNotice(findUserById(member.id)!, later(2 * HOUR).getTime())?.appeal).toBe('upheld');
    expect(texts(member.id)[0]).toBe('A moderator looked at your appeal and kept the suspension: “The thread speaks for itself.”');
    expect(mailed(member.id)).toContainEqual({ kind: 'appeal', status: 'pending' });
    expect(lastAudit()).toMatchObject({
      actorId: staff.id,
      action: 'uphold-appeal',
      targetId: member.id,
      details: expect.stringMatching(/^Suspension until .+ \(Flame war in the comments\): The thread speaks for itself\.$/),
    });
    expect(moderationQueue().openAppeals).toBe(0);
    expect(fileAppeal(member.id, { about: 'suspension' }, 'One more try', later(3 * HOUR))).toEqual({
      ok: false,
      reason: 'already_appealed',
    });
    expect(moderationQueue().openAppeals).toBe(0);
  });

  it('lifted ends the suspension at once, audited and told', () => {
    const { member } = suspended();
    const filed = fileAppeal(member.id, { about: 'suspension' }, 'Please', later(HOUR));
    if (!filed.ok) throw new Error('not filed');
    expect(decideAppeal(moderator(), filed.appealId, { lift: true, reply: 'Fair enough, welcome back.' }, later(2 * HOUR))).toMatchObject({
      ok: true,
    });
    const user = findUserById(member.id)!;
    expect(user.suspendedUntil).toBeNull();
    expect(suspensionNotice(user, later(2 * HOUR).getTime())).toBeNull();
    expect(texts(member.id)[0]).toBe('A moderator looked at your appeal and lifted your suspension: “Fair enough, welcome back.”');
    expect(lastAudit()).toMatchObject({ action: 'lift-on-appeal', targetId: member.id });
    expect(memberAppealHistory(member.id)).toEqual([expect.objectContaining({ status: 'lifted', reply: 'Fair enough, welcome back.' })]);
  });

  it('against a strike, lifted, stops it counting', () => {
    const member = aMember();
    const strike = strikeMember(moderator(), member.id, { reason: 'Spam links', days: 30 }, t0);
    if (!strike.ok) throw new Error('no strike');
    const filed = fileAppeal(member.id, { about: 'strike', strikeId: strike.strikeId }, 'Those were my own build logs.', later(HOUR));
    if (!filed.ok) throw new Error('not filed');
    expect(activeStrikeCount(member.id, later(2 * HOUR))).toBe(1);
    decideAppeal(moderator(), filed.appealId, { lift: true, reply: 'You are right, sorry.' }, later(2 * HOUR));
    expect(activeStrikeCount(member.id, later(2 * HOUR))).toBe(0);
    expect(memberStanding(member.id, later(2 * HOUR))?.strikes).toEqual([
      expect.objectContaining({ active: false, liftedAt: later(2 * HOUR) }),
    ]);
    expect(texts(member.id)).toEqual([
      'A moderator looked at your appeal and withdrew the strike: “You are right, sorry.”',
      'A moderator gave you a strike: “Spam links” (withdrawn since)',
    ]);
  });

  it('is decided only by staff the staff rule lets act on the member', () => {
    const juror = aMember();
    aCompetition({ jurors: [juror.id] });
    const admin = aMember({ isAdmin: true });
    suspendMember(admin, juror.id, { reason: 'Rates friends', until: later(DAY) }, t0);
    const filed = fileAppeal(juror.id, { about: 'suspension' }, 'I did not', later(HOUR));
    if (!filed.ok) throw new Error('not filed');
    expect(decideAppeal(moderator(), filed.appealId, { lift: true, reply: 'Fine' }, later(HOUR))).toEqual({
      ok: false,
      reason: 'forbidden',
    });
    expect(decideAppeal(aMember(), filed.appealId, { lift: true, reply: 'Fine' }, later(HOUR))).toEqual({ ok: false, reason: 'forbidden' });
    expect(findUserById(juror.id)?.suspendedUntil).toEqual(later(DAY));
    expect(decideAppeal(admin, filed.appealId, { lift: true, reply: 'Fine' }, later(HOUR))).toMatchObject({ ok: true });
  });

  it('left waiting is answered when staff lift the suspension themselves', () => {
    const { staff, member } = suspended();
    fileAppeal(member.id, { about: 'suspension' }, 'Please', later(HOUR));
    liftSuspension(staff, member.id, 'Talked it through', later(2 * HOUR));
    expect(listOpenAppeals()).toEqual([]);
    expect(texts(member.id)[0]).toBe('A moderator looked at your appeal and lifted your suspension: “Talked it through”');
  });

  it('is refused past the member’s daily allowance, changing nothing', () => {
    const member = aMember();
    const staff = moderator();
    const { limit } = RATE_LIMITS.appeal.perMember;
    const strikes = Array.from({ length: limit + 1 }, (_, n) => {
      const strike = strikeMember(staff, member.id, { reason: `Strike ${n}`, days: 30 }, t0);
      if (!strike.ok) throw new Error('no strike');
      return strike.strikeId;
    });
    for (const strikeId of strikes.slice(0, limit)) {
      expect(fileAppeal(member.id, { about: 'strike', strikeId }, 'Please', later(HOUR))).toMatchObject({ ok: true });
    }
    expect(fileAppeal(member.id, { about: 'strike', strikeId: strikes[limit]! }, 'Please', later(HOUR))).toEqual({
      ok: false,
      reason: 'rate_limited',
      retryAfterMs: expect.any(Number),
    });
    expect(listOpenAppeals()).toHaveLength(limit);
    expect(fileAppeal(member.id, { about: 'strike', strikeId: strikes[limit]! }, 'Please', later(DAY + 2 * HOUR))).toMatchObject({
      ok: true,
    });
  });
});
