import { describe, expect, it, vi } from 'vitest';
import { castBattleVote } from './battles.server';
import { rateBuild } from './ratings.server';
import { setRatingDiscount } from './rating-discounts.server';
import { detectBursts, detectFocus, detectRings, latestIntegrityScan, saveIntegrityScan, scanFindings } from './vote-integrity.server';
import { BURST, FOCUS } from '~/domain/vote-integrity';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const start = Date.UTC(2026, 2, 1);

withScreeningOff();

const member = (joined: number) => aMember({ createdAt: new Date(joined) }).id;
const builds = (ownerId: number, count: number) => Promise.all(Array.from({ length: count }, () => aListedBuild({ userId: ownerId })));
const rate = (buildId: number, userId: number, rating: number, at: number, network: string | null = null) =>
  rateBuild({ buildId, userId, rating, network }, new Date(at));

describe('detectFocus: new accounts rating mostly one member', () => {
  it('finds two new accounts giving 4 of their first 5 ratings to one member', async () => {
    const owner = await builds(member(start), 4);
    const elsewhere = await aListedBuild();
    const accounts = [member(start + DAY), member(start + 5 * DAY)];
    for (const account of accounts) {
      for (const buildId of owner) rate(buildId, account, 5, start + 7 * DAY);
      rate(elsewhere, account, 3, start + 8 * DAY);
    }
    expect(detectFocus(db())).toEqual([
      { ownerId: expect.any(Number), accounts: accounts.map((raterId) => ({ raterId, toOwner: 4, given: 5 })) },
    ]);
  });

  it('finds nothing for one fan, a share under 80 %, fewer than 5 ratings, or ratings given once the account was old', async () => {
    const owner = await builds(member(start), 5);
    const others = await Promise.all(Array.from({ length: 3 }, () => aListedBuild()));
    const fan = member(start);
    for (const buildId of owner) rate(buildId, fan, 5, start + DAY);
    // 3 of 5 (60 %) to the owner.
    const split = member(start);
    for (const buildId of [...owner.slice(0, 3), ...others.slice(0, 2)]) rate(buildId, split, 5, start + DAY);
    // 4 ratings only.
    const few = member(start);
    for (const buildId of owner.slice(0, 4)) rate(buildId, few, 5, start + DAY);
    // All five, but from day 14 of the account on.
    const late = member(start);
    for (const buildId of owner) rate(buildId, late, 5, start + FOCUS.newAccountMs);
    expect(detectFocus(db())).toEqual([]);
  });
});

describe('detectBursts: extreme ratings of one build close together', () => {
  it('finds four 1-star ratings within a day from accounts created within an hour', async () => {
    const buildId = await aListedBuild();
    const accounts = [0, 20, 40, 59].map((minutes) => member(start + minutes * 60_000));
    accounts.forEach((account, index) => rate(buildId, account, 1, start + DAY + index * 6 * HOUR));
    expect(detectBursts(db())).toEqual([
      expect.objectContaining({ buildId, stars: 1, raterIds: accounts, createdTogether: true, networks: [] }),
    ]);
  });

  it('finds four 5-star ratings from one network whatever the accounts’ ages', async () => {
    const buildId = await aListedBuild();
    const accounts = [0, 30, 60, 90].map((days) => member(start - days * DAY));
    accounts.forEach((account, index) => rate(buildId, account, 5, start + index * HOUR, 'office'));
    expect(detectBursts(db())).toEqual([
      expect.objectContaining({ buildId, stars: 5, raterIds: accounts, createdTogether: false, networks: ['office'] }),
    ]);
  });

  it('finds nothing for three accounts, ratings spread over more than a day, 4 stars, or networks unknown', async () => {
    const [three, spread, fours, unknown] = await Promise.all([aListedBuild(), aListedBuild(), aListedBuild(), aListedBuild()]);
    const together = Array.from({ length: 4 }, (_, index) => member(start + index * 60_000));
    together.slice(0, 3).forEach((account) => rate(three, account, 1, start + HOUR));
    together.forEach((account, index) => rate(spread, account, 1, start + index * (BURST.windowMs + HOUR)));
    together.forEach((account) => rate(fours, account, 4, start + HOUR));
    const apart = [0, 30, 60, 90].map((days) => member(start - days * DAY));
    apart.forEach((account) => rate(unknown, account, 5, start + HOUR, null));
    expect(detectBursts(db())).toEqual([]);
  });
});

describe('detectRings: members rating each other highly', () => {
  const ringOf = async (size: number) => {
    const members = Array.from({ length: size }, () => member(start - 100 * DAY));
    const buildOf = new Map<number, number>();
    for (const id of members) buildOf.set(id, await aListedBuild({ userId: id }));
    for (const rater of members) for (const ratee of members) if (rater !== ratee) rate(buildOf.get(ratee)!, rater, 5, start);
    return members;
  };

  it('finds four members who give each other 5 stars and little else', async () => {
    const ring = await ringOf(4);
    expect(detectRings(db())).toEqual([{ memberIds: ring, insideRatings: 12, highRatings: 12 }]);
  });

  it('finds four members who vote for each other’s builds in Rig Battles, as it finds them in ratings', async () => {
    vi.stubEnv('BATTLE_MIN_LEVEL', '1');
    resetEnv();
    const members = Array.from({ length: 4 }, () => member(start - 100 * DAY));
    const buildOf = new Map<number, number>();
    for (const id of members) buildOf.set(id, await aListedBuild({ userId: id }));
    const outsider = await aListedBuild();
    for (const voter of members)
      for (const partner of members)
        if (voter !== partner) castBattleVote({ voterId: voter, first: outsider, second: buildOf.get(partner)!, choice: 'second' });
    expect(detectRings(db())).toEqual([{ memberIds: members, insideRatings: 12, highRatings: 12 }]);
  });

  it('finds no trio, and no four who rate others as much as each other', async () => {
    await ringOf(3);
    const open = await ringOf(4);
    const others = await Promise.all(Array.from({ length: 3 }, () => aListedBuild()));
    // 3 of 6 high ratings inside (50 %): friends, not a ring.
    for (const rater of open) for (const buildId of others) rate(buildId, rater, 5, start);
    expect(detectRings(db())).toEqual([]);
  });
});

describe('scanFindings and latestIntegrityScan', () => {
  it('keeps the last scan’s findings and shows their accounts as they are now', async () => {
    expect(latestIntegrityScan()).toBeNull();
    const buildId = await aListedBuild();
    const accounts = [0, 1, 2, 3].map((minutes) => member(start + minutes * 60_000));
    accounts.forEach((account) => rate(buildId, account, 1, start + HOUR));
    const scannedAt = new Date(start + DAY);
    saveIntegrityScan(db(), { findings: await scanFindings(db()), scannedAt, durationMs: 12 });
    const admin = aMember({ isAdmin: true });
    expect(setRatingDiscount(admin, accounts[0]!, { discount: true, reason: 'troll' }).ok).toBe(true);
    const scan = latestIntegrityScan();
    expect(scan).toMatchObject({ scannedAt, durationMs: 12 });
    expect(scan!.findings).toHaveLength(1);
    expect(scan!.findings[0]).toMatchObject({ kind: 'burst', key: `burst-${buildId}-1`, buildIds: [buildId] });
    expect(scan!.findings[0]!.accounts.map((account) => [account.id, account.discounted])).toEqual([
      [accounts[0], true],
      [accounts[1], false],
      [accounts[2], false],
      [accounts[3], false],
    ]);
    // A second scan replaces the first.
    saveIntegrityScan(db(), { findings: [], scannedAt: new Date(start + 2 * DAY), durationMs: 5 });
    expect(latestIntegrityScan()).toEqual({ scannedAt: new Date(start + 2 * DAY), durationMs: 5, findings: [] });
  });
});
