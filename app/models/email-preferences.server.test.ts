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

  it('records when the member opted in to news and offers, and when out (also by an unsubscribe link)', () => {
    const { id } = aMember();
    expect(marketingConsent(id)).toEqual({ optedInAt: null, optedOutAt: null });
    updateEmailPreferences(id, { weeklyDigest: false }, new Date(1_000));
    expect(marketingConsent(id)).toEqual({ optedInAt: null, optedOutAt: null });
    updateEmailPreferences(id, { marketing: true }, new Date(2_000));
    expect(marketingConsent(id)).toEqual({ optedInAt: new Date(2_000), optedOutAt: null });
    // Saving the settings again is no new choice.
    updateEmailPreferences(id, { marketing: true, weeklyDigest: true }, new Date(3_000));
    expect(marketingConsent(id)).toEqual({ optedInAt: new Date(2_000), optedOutAt: null });
    expect(unsubscribe(unsubscribeToken(id, 'marketing'))).toEqual({ ok: true, list: 'marketing' });
    expect(emailPreferences(id)?.marketing).toBe(false);
    expect(marketingConsent(id)?.optedOutAt).toEqual(expect.any(Date));
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
