import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { MEMBER_CLAIM_THRESHOLD, memberCountClaim } from './member-count.server';
import { db } from '~/services/db.server';
import { aMember } from '#tests/support/factories';

const members = (n: number) => Array.from({ length: n }, () => aMember());

describe('memberCountClaim', () => {
  it('claims nothing below the threshold', () => {
    members(MEMBER_CLAIM_THRESHOLD - 1);
    expect(memberCountClaim()).toBeNull();
  });

  it('claims the real number from the threshold on', () => {
    members(MEMBER_CLAIM_THRESHOLD);
    expect(memberCountClaim()).toBe(50);
    members(7);
    expect(memberCountClaim()).toBe(57);
  });

  it('rounds down to two significant figures, so every sign-up does not change it', () => {
    members(123);
    expect(memberCountClaim()).toBe(120);
  });

  it('does not count disabled accounts', () => {
    const [first] = members(MEMBER_CLAIM_THRESHOLD);
    db().update(users).set({ isDisabled: true }).where(eq(users.id, first!.id)).run();
    expect(memberCountClaim()).toBeNull();
  });
});
