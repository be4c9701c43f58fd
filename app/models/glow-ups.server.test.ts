import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { aBuild, aListedBuild, aMember, anImage } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';
import { GLOW_UP_MIN_RATINGS } from '~/domain/glow-ups';
import { db } from '~/services/db.server';
import { createBuild } from './builds.server';
import { bestGlowUps, countBestGlowUps, rigTimelines, weekGlowUps } from './glow-ups.server';

withScreeningOff();

const DAY = 24 * 3600_000;

/** Sets a build's average and number of ratings, as the rating path keeps them. */
function rated(buildId: number, averageRating: number, ratingCount: number) {
  db().update(builds).set({ averageRating, ratingCount }).where(eq(builds.id, buildId)).run();
}

async function glowUpOf(earlier: number, userId: number, at = new Date()) {
  return aBuild({ userId, title: 'After', imageId: anImage(), glowUpOf: earlier }, at);
}

describe('the link a glow-up makes', () => {
  it("refuses another member's build and a missing one, writing nothing", async () => {
    const owner = aMember().id;
    const earlier = await aListedBuild({ userId: owner });
    const stranger = aMember().id;
    const before = db().select().from(builds).all().length;
    expect(await createBuild({ userId: stranger, title: 'Mine', imageId: anImage(), glowUpOf: earlier })).toEqual({
      ok: false,
      reason: 'glow_up',
      refusal: 'not_owner',
    });
    expect(await createBuild({ userId: owner, title: 'Gone', imageId: anImage(), glowUpOf: 10_000_000 })).toMatchObject({
      refusal: 'not_found',
    });
    expect(db().select().from(builds).all()).toHaveLength(before);
  });

  it('leaves the glow-up a build of its own when the earlier build is deleted', async () => {
    const owner = aMember().id;
    const earlier = await aListedBuild({ userId: owner });
    const later = await glowUpOf(earlier, owner);
    db().delete(builds).where(eq(builds.id, earlier)).run();
    expect(db().select({ of: builds.glowUpOf }).from(builds).where(eq(builds.id, later)).get()).toEqual({ of: null });
  });
});

describe('best glow-ups', () => {
  it(`ranks by improvement once both have ${GLOW_UP_MIN_RATINGS} ratings, ties to more ratings; hidden ones are left out`, async () => {
    const made = async (before: [number, number], after: [number, number]) => {
      const owner = aMember().id;
      const earlier = await aListedBuild({ userId: owner });
      const later = await glowUpOf(earlier, owner);
      rated(earlier, ...before);
      rated(later, ...after);
      return later;
    };
    const base = countBestGlowUps();
    const small = await made([3, 10], [3.5, 10]);
    const big = await made([2, 10], [4.5, 10]);
    const tiedMore = await made([3, 10], [3.5, 40]);
    await made([1, GLOW_UP_MIN_RATINGS - 1], [5, 50]);
    await made([1, 50], [5, GLOW_UP_MIN_RATINGS - 1]);
    const hidden = await made([1, 50], [5, 50]);
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, hidden)).run();

    const ranked = bestGlowUps({ limit: 100 }).filter((row) => [small, big, tiedMore].includes(row.after.id));
    expect(ranked.map((row) => row.after.id)).toEqual([big, tiedMore, small]);
    expect(ranked[0]?.improvement).toBeCloseTo(2.5);
    expect(countBestGlowUps()).toBe(base + 3);
  });

  it('for the week, keeps only the glow-ups posted since the date given', async () => {
    const owner = aMember().id;
    const now = Date.now();
    const earlier = await aListedBuild({ userId: owner, at: new Date(now - 30 * DAY) });
    const old = await glowUpOf(earlier, owner, new Date(now - 10 * DAY));
    const recent = await glowUpOf(earlier, owner, new Date(now - DAY));
    for (const id of [earlier, old, recent]) rated(id, id === earlier ? 1 : 4, 20);
    const week = weekGlowUps(new Date(now - 7 * DAY), 100).map((row) => row.after.id);
    expect(week).toContain(recent);
    expect(week).not.toContain(old);
  });
});

describe("a member's rig timelines", () => {
  it('chains each rig from its first build to its latest glow-up, newest rig first, leaving out builds without glow-ups', async () => {
    const owner = aMember().id;
    const now = Date.now();
    const first = await aListedBuild({ userId: owner, at: new Date(now - 5 * DAY) });
    const second = await glowUpOf(first, owner, new Date(now - 4 * DAY));
    const third = await glowUpOf(second, owner, new Date(now - 3 * DAY));
    await aListedBuild({ userId: owner, at: new Date(now - 2 * DAY) });
    const other = await aListedBuild({ userId: owner, at: new Date(now - 2 * DAY) });
    const otherAfter = await glowUpOf(other, owner, new Date(now - DAY));
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, second)).run();

    // A build the viewer may not see breaks its chain: what is left of it stands alone, and a build alone is no timeline.
    expect(rigTimelines(owner, null).map((rig) => rig.map((build) => build.id))).toEqual([[other, otherAfter]]);
    expect(rigTimelines(owner, { id: owner, isAdmin: false, isModerator: false }).map((rig) => rig.map((build) => build.id))).toEqual([
      [other, otherAfter],
      [first, second, third],
    ]);
  });
});
