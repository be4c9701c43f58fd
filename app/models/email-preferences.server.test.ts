import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '~/services/env.server';
import {
  checkUnsubscribeToken,
  emailPreferences,
  marketingConsent,
  readUnsubscribeToken,
  unsubscribe,
  unsubscribeToken,
  updateEmailPreferences,
} from './email-preferences.server';
import { aMember } from '#tests/support/factories';

beforeEach(() => {
  // The tokens are signed with the cookie secret; with it set nothing is written to ./data.
  vi.stubEnv('SESSION_SECRET', 's'.repeat(40));
  resetEnv();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

describe('updateEmailPreferences', () => {
  it('starts with notifications and the digest on, news off, and changes only the lists it is given', () => {
    const { id } = aMember();
    expect(emailPreferences(id)).toEqual({ marketing: false, weeklyDigest: true, notifications: true });
    expect(updateEmailPreferences(id, { weeklyDigest: false })).toEqual({ marketing: false, weeklyDigest: false, notifications: true });
    expect(updateEmailPreferences(id, { notifications: false, weeklyDigest: true })).toEqual({
      marketing: false,
      weeklyDigest: true,
      notifications: false,
    });
  });

  it('turns news on only by the member saying yes, recorded with its date, and off by their no', () => {
    const { id } = aMember();
    // Stored on, as every switch starts, but nobody said yes: it reads off.
    expect(marketingConsent(id)).toEqual({ optedInAt: null, optedOutAt: null });
    expect(emailPreferences(id)?.marketing).toBe(false);
    // Saving the settings with news off, as it reads, is no choice.
    updateEmailPreferences(id, { marketing: false, weeklyDigest: false }, new Date(1_000));
    expect(marketingConsent(id)).toEqual({ optedInAt: null, optedOutAt: null });
    expect(updateEmailPreferences(id, { marketing: true }, new Date(2_000))).toMatchObject({ marketing: true });
    expect(marketingConsent(id)).toEqual({ optedInAt: new Date(2_000), optedOutAt: null });
    // A second yes keeps the date of the first.
    updateEmailPreferences(id, { marketing: true }, new Date(3_000));
    expect(marketingConsent(id)).toEqual({ optedInAt: new Date(2_000), optedOutAt: null });
    expect(unsubscribe(unsubscribeToken(id, 'marketing'))).toEqual({ ok: true, list: 'marketing' });
    expect(emailPreferences(id)?.marketing).toBe(false);
    expect(marketingConsent(id)).toEqual({ optedInAt: new Date(2_000), optedOutAt: expect.any(Date) });
    // A yes in the same millisecond as the no still counts: the latest choice decides, not the clock.
    const { optedOutAt } = marketingConsent(id)!;
    updateEmailPreferences(id, { marketing: true }, optedOutAt!);
    expect(emailPreferences(id)?.marketing).toBe(true);
  });
});

describe('unsubscribe tokens', () => {
  it('name the member and the list, and turn off that list only', () => {
    const { id } = aMember();
    const token = unsubscribeToken(id, 'weeklyDigest');
    expect(readUnsubscribeToken(token)).toEqual({ userId: id, list: 'weeklyDigest' });
    expect(checkUnsubscribeToken(token)).toEqual({ ok: true, list: 'weeklyDigest', subscribed: true });
    expect(unsubscribe(token)).toEqual({ ok: true, list: 'weeklyDigest' });
    expect(emailPreferences(id)).toEqual({ marketing: false, weeklyDigest: false, notifications: true });
    // Using the link again is harmless.
    expect(unsubscribe(token)).toEqual({ ok: true, list: 'weeklyDigest' });
    expect(checkUnsubscribeToken(token)).toEqual({ ok: true, list: 'weeklyDigest', subscribed: false });
  });

  it('cannot be made up or moved to another member or list, and a refused one changes nothing', () => {
    const victim = aMember().id;
    const attacker = aMember().id;
    const [, , signature] = unsubscribeToken(attacker, 'notifications').split('.');
    const forged = [
      `${victim}.notifications.${signature}`,
      `${attacker}.marketing.${signature}`,
      `${victim}.notifications.`,
      `${victim}.notifications`,
      `${victim}.everything.${signature}`,
      `${unsubscribeToken(victim, 'notifications')}.extra`,
      unsubscribeToken(victim, 'notifications').slice(0, -2),
      '',
      null,
    ];
    for (const token of forged) {
      expect(readUnsubscribeToken(token)).toBeNull();
      expect(unsubscribe(token)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(emailPreferences(victim)).toEqual({ marketing: false, weeklyDigest: true, notifications: true });
  });
});
