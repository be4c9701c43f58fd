import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '~/services/env.server';
import { hasOptedInToNews } from '~/domain/email-lists';
import {
  checkUnsubscribeToken,
  emailPreferences,
  marketingConsent,
  optInToNews,
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
  it('starts with every list on and changes only the lists it is given', () => {
    const { id } = aMember();
    expect(emailPreferences(id)).toEqual({ marketing: true, weeklyDigest: true, notifications: true });
    expect(updateEmailPreferences(id, { weeklyDigest: false })).toEqual({ marketing: true, weeklyDigest: false, notifications: true });
    expect(updateEmailPreferences(id, { notifications: false, weeklyDigest: true })).toEqual({
      marketing: true,
      weeklyDigest: true,
      notifications: false,
    });
  });

  it('lets news be mailed only after the member opted in, recorded with its date, and not after they opted out', () => {
    const { id } = aMember();
    const mayMail = () => hasOptedInToNews({ marketing: emailPreferences(id)!.marketing, ...marketingConsent(id)! });
    // On by default, as the spec sets it, but nobody said yes yet.
    expect(marketingConsent(id)).toEqual({ optedInAt: null, optedOutAt: null });
    expect(mayMail()).toBe(false);
    // Saving the settings with the switch as it was is no choice.
    updateEmailPreferences(id, { marketing: true, weeklyDigest: false }, new Date(1_000));
    expect(marketingConsent(id)).toEqual({ optedInAt: null, optedOutAt: null });
    expect(mayMail()).toBe(false);
    optInToNews(id, new Date(2_000));
    expect(marketingConsent(id)).toEqual({ optedInAt: new Date(2_000), optedOutAt: null });
    expect(mayMail()).toBe(true);
    expect(unsubscribe(unsubscribeToken(id, 'marketing'))).toEqual({ ok: true, list: 'marketing' });
    expect(emailPreferences(id)?.marketing).toBe(false);
    expect(marketingConsent(id)?.optedOutAt).toEqual(expect.any(Date));
    expect(mayMail()).toBe(false);
    // Turning the switch on again is a choice too.
    updateEmailPreferences(id, { marketing: true }, new Date(Date.now() + 1_000));
    expect(mayMail()).toBe(true);
  });
});

describe('unsubscribe tokens', () => {
  it('name the member and the list, and turn off that list only', () => {
    const { id } = aMember();
    const token = unsubscribeToken(id, 'weeklyDigest');
    expect(readUnsubscribeToken(token)).toEqual({ userId: id, list: 'weeklyDigest' });
    expect(checkUnsubscribeToken(token)).toEqual({ ok: true, list: 'weeklyDigest', subscribed: true });
    expect(unsubscribe(token)).toEqual({ ok: true, list: 'weeklyDigest' });
    expect(emailPreferences(id)).toEqual({ marketing: true, weeklyDigest: false, notifications: true });
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
    expect(emailPreferences(victim)).toEqual({ marketing: true, weeklyDigest: true, notifications: true });
  });
});
