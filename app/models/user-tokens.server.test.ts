import { describe, expect, it, vi } from 'vitest';
import { db } from '~/services/db.server';
import { EMAIL_CHANGE_TTL_MS, PASSWORD_RESET_TTL_MS } from '~/utils/constants';
import { userTokens } from '../../db/schema';
import { findUserToken, issueUserToken, pruneUserTokens, redeemUserToken } from './user-tokens.server';
import { aMember } from '#tests/support/factories';

// No code here needs the cookie secret, but set it so nothing can be written to ./data.
vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

const resetToken = (userId: number, now = NOW) => issueUserToken({ userId, purpose: 'reset_password', ttlMs: PASSWORD_RESET_TTL_MS }, now);

describe('issueUserToken', () => {
  it('returns a URL-safe token whose row holds only its hash', () => {
    const userId = aMember().id;
    const token = issueUserToken({ userId, purpose: 'verify_email', email: 'new@example.com', ttlMs: EMAIL_CHANGE_TTL_MS }, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const raw = db().$client.prepare('select * from user_tokens').all();
    expect(raw).toHaveLength(1);
    expect(JSON.stringify(raw)).not.toContain(token);
  });

  it('gives a different token each time', () => {
    const userId = aMember().id;
    const tokens = new Set(Array.from({ length: 10 }, () => resetToken(userId)));
    expect(tokens.size).toBe(10);
  });
});

describe('findUserToken', () => {
  it('returns the owner and address without using the token', () => {
    const userId = aMember().id;
    const token = issueUserToken({ userId, purpose: 'verify_email', email: 'new@example.com', ttlMs: EMAIL_CHANGE_TTL_MS }, NOW);
    expect(findUserToken(token, 'verify_email', NOW + MINUTE)).toEqual({ userId, email: 'new@example.com' });
    expect(findUserToken(token, 'verify_email', NOW + MINUTE)).toEqual({ userId, email: 'new@example.com' });
    expect(redeemUserToken(token, 'verify_email', NOW + MINUTE)).toEqual({ userId, email: 'new@example.com' });
  });

  it('gives a null address for a token issued without one', () => {
    const userId = aMember().id;
    const token = resetToken(userId);
    expect(findUserToken(token, 'reset_password', NOW)).toEqual({ userId, email: null });
  });

  it('finds nothing for an unknown token', () => {
    resetToken(aMember().id);
    expect(findUserToken('not-a-real-token', 'reset_password', NOW)).toBeUndefined();
  });
});

describe('redeemUserToken', () => {
  it('returns the owner once and marks the token used', () => {
    const userId = aMember().id;
    const token = issueUserToken({ userId, purpose: 'verify_email', email: 'new@example.com', ttlMs: EMAIL_CHANGE_TTL_MS }, NOW);
    expect(redeemUserToken(token, 'verify_email', NOW + MINUTE)).toEqual({ userId, email: 'new@example.com' });
    expect(redeemUserToken(token, 'verify_email', NOW + MINUTE)).toBeNull();
    expect(findUserToken(token, 'verify_email', NOW + MINUTE)).toBeUndefined();
    expect(db().select({ usedAt: userTokens.usedAt }).from(userTokens).get()).toEqual({ usedAt: new Date(NOW + MINUTE) });
  });

  it('returns null for an unknown token', () => {
    resetToken(aMember().id);
    expect(redeemUserToken('not-a-real-token', 'reset_password', NOW)).toBeNull();
    expect(redeemUserToken('', 'reset_password', NOW)).toBeNull();
  });

  it('makes an older token of the same purpose unusable once a newer one is issued', () => {
    const userId = aMember().id;
    const older = resetToken(userId, NOW);
    const newer = resetToken(userId, NOW + MINUTE);
    expect(findUserToken(older, 'reset_password', NOW + 2 * MINUTE)).toBeUndefined();
    expect(redeemUserToken(older, 'reset_password', NOW + 2 * MINUTE)).toBeNull();
    expect(redeemUserToken(newer, 'reset_password', NOW + 2 * MINUTE)).toEqual({ userId, email: null });
  });

  it('keeps tokens of another purpose or another member usable when a new one is issued', () => {
    const alice = aMember().id;
    const bob = aMember().id;
    const verify = issueUserToken({ userId: alice, purpose: 'verify_email', email: 'alice@example.com', ttlMs: EMAIL_CHANGE_TTL_MS }, NOW);
    const bobReset = resetToken(bob, NOW);
    resetToken(alice, NOW + MINUTE);
    expect(redeemUserToken(verify, 'verify_email', NOW + MINUTE)).toEqual({ userId: alice, email: 'alice@example.com' });
    expect(redeemUserToken(bobReset, 'reset_password', NOW + MINUTE)).toEqual({ userId: bob, email: null });
  });

  it('does not cross purposes: a reset token is not a verify token, nor the other way round', () => {
    const userId = aMember().id;
    const reset = resetToken(userId);
    const verify = issueUserToken({ userId, purpose: 'verify_email', email: 'new@example.com', ttlMs: EMAIL_CHANGE_TTL_MS }, NOW);

    expect(findUserToken(reset, 'verify_email', NOW)).toBeUndefined();
    expect(redeemUserToken(reset, 'verify_email', NOW)).toBeNull();
    expect(findUserToken(verify, 'reset_password', NOW)).toBeUndefined();
    expect(redeemUserToken(verify, 'reset_password', NOW)).toBeNull();

    // The wrong-purpose tries did not use them up.
    expect(redeemUserToken(reset, 'reset_password', NOW)).toEqual({ userId, email: null });
    expect(redeemUserToken(verify, 'verify_email', NOW)).toEqual({ userId, email: 'new@example.com' });
  });

  it('respects the expiry', () => {
    const userId = aMember().id;
    const token = resetToken(userId);
    const expiresAt = NOW + PASSWORD_RESET_TTL_MS;
    expect(findUserToken(token, 'reset_password', expiresAt)).toBeUndefined();
    expect(redeemUserToken(token, 'reset_password', expiresAt)).toBeNull();
    expect(redeemUserToken(token, 'reset_password', expiresAt - 1)).toEqual({ userId, email: null });
  });

  it('follows the time to live it was given', () => {
    const userId = aMember().id;
    const token = issueUserToken({ userId, purpose: 'reset_password', ttlMs: 5 * MINUTE }, NOW);
    expect(findUserToken(token, 'reset_password', NOW + 5 * MINUTE - 1)).toEqual({ userId, email: null });
    expect(findUserToken(token, 'reset_password', NOW + 5 * MINUTE)).toBeUndefined();
  });
});

describe('pruneUserTokens', () => {
  it('deletes used, replaced and expired tokens only', () => {
    const alice = aMember().id;
    const bob = aMember().id;
    const carol = aMember().id;
    const used = resetToken(alice, NOW);
    redeemUserToken(used, 'reset_password', NOW);
    resetToken(bob, NOW - 2 * HOUR); // expired an hour ago
    resetToken(carol, NOW - 10 * MINUTE); // replaced below
    const live = resetToken(carol, NOW);
    const verify = issueUserToken({ userId: alice, purpose: 'verify_email', email: 'a@example.com', ttlMs: EMAIL_CHANGE_TTL_MS }, NOW);

    expect(pruneUserTokens(NOW + MINUTE)).toBe(3);
    expect(db().select().from(userTokens).all()).toHaveLength(2);
    expect(findUserToken(live, 'reset_password', NOW + MINUTE)).toEqual({ userId: carol, email: null });
    expect(findUserToken(verify, 'verify_email', NOW + MINUTE)).toEqual({ userId: alice, email: 'a@example.com' });
    expect(pruneUserTokens(NOW + MINUTE)).toBe(0);
  });
});
