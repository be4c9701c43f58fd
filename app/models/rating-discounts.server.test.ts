import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, builds, competitions, experienceAwards, notifications, ratings, users } from '../../db/schema';
import { rankEntries } from './competition-standings.server';
import { galleryBuilds } from './gallery.server';
import { rankBuilds } from './leaderboards.server';
import { rateBuild } from './ratings.server';
import { listRatingDiscounts, setRatingDiscount } from './rating-discounts.server';
import { scoreEffects } from './score-effects.server';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';

let admin: ReturnType<typeof aMember>;
let ownerId: number;
let rival: number;
let boosted: number;
let puppet: number;
let honest: number[];

beforeEach(async () => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
  admin = aMember({ username: 'admin', isAdmin: true });
  ownerId = aMember({ username: 'owner' }).id;
  boosted = await aListedBuild({ userId: ownerId, title: 'Boosted rig' });
  rival = await aListedBuild({ title: 'Rival rig' });
  puppet = aMember({ username: 'puppet' }).id;
  honest = [aMember().id, aMember().id];
  // Honest: the boosted rig 2 and 3 stars, the rival 4 and 4. The puppet: 5 stars boosted, 1 star rival.
  rateBuild({ buildId: boosted, userId: honest[0]!, rating: 2 });
  rateBuild({ buildId: boosted, userId: honest[1]!, rating: 3 });
  rateBuild({ buildId: rival, userId: honest[0]!, rating: 4 });
  rateBuild({ buildId: rival, userId: honest[1]!, rating: 4 });
  rateBuild({ buildId: boosted, userId: puppet, rating: 5 });
  rateBuild({ buildId: rival, userId: puppet, rating: 1 });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const totals = (buildId: number) =>
  db()
    .select({ total: builds.totalRating, count: builds.ratingCount, average: builds.averageRating })
    .from(builds)
    .where(eq(builds.id, buildId))
    .get();
const reputation = () => db().select({ reputation: users.reputation }).from(users).where(eq(users.id, ownerId)).get()!.reputation;
const weekBoard = () => rankBuilds('week', 10, Date.now()).map(({ buildId, votes, points }) => ({ buildId, votes, points }));
const trending = () => galleryBuilds({ q: '', sort: 'trending', tag: null, competition: null, limit: 10 }).map((build) => build.id);

describe('setRatingDiscount', () => {
  it('takes a member’s ratings out of every score, keeps the rows, and puts them back on undo', () => {
    const competition = { id: aCompetition(), startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 86_400_000) };
    for (const buildId of [boosted, rival]) {
      const ownerOf = db().select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get()!.userId;
      db()
        .$client.prepare('insert into competition_entries (competition_id, build_id, user_id) values (?, ?, ?)')
        .run(competition.id, buildId, ownerOf);
    }
    const before = {
      boosted: totals(boosted),
      rival: totals(rival),
      reputation: reputation(),
      week: weekBoard(),
      standings: rankEntries(db(), competition),
    };
    expect(before.boosted).toEqual({ total: 10, count: 3, average: 10 / 3 });
    // Trending weighs stars: 2 + 3 + 5 beat 4 + 4 + 1.
    expect(trending()).toEqual([boosted, rival]);

    expect(setRatingDiscount(admin, puppet, { discount: true, reason: 'sock puppet of owner' })).toEqual({ ok: true, label: 'puppet' });
    expect(totals(boosted)).toEqual({ total: 5, count: 2, average: 2.5 });
    expect(totals(rival)).toEqual({ total: 8, count: 2, average: 4 });
    // 2 and 3 stars give 0 + 1; the puppet's 5 stars gave 3 more.
    expect(reputation()).toBe(1);
    expect(weekBoard()).toEqual([
      { buildId: rival, votes: 2, points: 8 },
      { buildId: boosted, votes: 2, points: 5 },
    ]);
    expect(rankEntries(db(), competition).map(({ buildId, votes, points }) => ({ buildId, votes, points }))).toEqual([
      { buildId: rival, votes: 2, points: 8 },
      { buildId: boosted, votes: 2, points: 5 },
    ]);
    expect(trending()).toEqual([rival, boosted]);
    expect(db().select().from(ratings).where(eq(ratings.userId, puppet)).all()).toHaveLength(2);

    expect(setRatingDiscount(admin, puppet, { discount: false, reason: 'appeal upheld' }).ok).toBe(true);
    expect(trending()).toEqual([boosted, rival]);
    expect({
      boosted: totals(boosted),
      rival: totals(rival),
      reputation: reputation(),
      week: weekBoard(),
      standings: rankEntries(db(), competition),
    }).toEqual(before);
    expect(
      db()
        .select({ action: auditLog.action, actor: auditLog.actorName, details: auditLog.details, target: auditLog.targetLabel })
        .from(auditLog)
        .all(),
    ).toEqual([
      { action: 'discount-ratings', actor: 'admin', details: 'sock puppet of owner', target: 'puppet' },
      { action: 'restore-ratings', actor: 'admin', details: 'appeal upheld', target: 'puppet' },
    ]);
  });

  it('lets a discounted member rate: the rating is kept but counts for no score, experience or milestone', async () => {
    setRatingDiscount(admin, puppet, { discount: true, reason: 'sock puppet' });
    const fresh = await aListedBuild({ userId: ownerId, title: 'Fresh rig' });
    const awardsBefore = db().select().from(experienceAwards).all().length;
    rateBuild({ buildId: fresh, userId: puppet, rating: 5 });
    expect(totals(fresh)).toEqual({ total: 0, count: 0, average: 0 });
    expect(db().select().from(ratings).where(eq(ratings.buildId, fresh)).all()).toHaveLength(1);
    expect(db().select().from(experienceAwards).all()).toHaveLength(awardsBefore);
    expect(
      db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, ownerId))
        .all()
        .filter((row) => row.ref.startsWith('milestone')),
    ).toEqual([]);
  });

  it('is taken on a member the staff rule allows: a moderator not on an admin, a moderator or a juror of a competition not closed', () => {
    const moderator = aMember({ isModerator: true });
    const otherModerator = aMember({ isModerator: true }).id;
    const juror = aMember({ username: 'juror' }).id;
    const competition = aCompetition({ jurors: [juror] });
    for (const [userId, stars] of [
      [admin.id, 5],
      [otherModerator, 5],
      [juror, 1],
    ] as const)
      rateBuild({ buildId: rival, userId, rating: stars });
    const before = totals(rival);
    for (const target of [admin.id, otherModerator, juror])
      expect(setRatingDiscount(moderator, target, { discount: true, reason: 'Suspicious' })).toEqual({ ok: false, reason: 'forbidden' });
    expect(totals(rival)).toEqual(before);
    expect(listRatingDiscounts()).toEqual([]);
    // The admins name the jury and may discount a juror; a closed competition's jurors are members like any.
    expect(setRatingDiscount(admin, juror, { discount: true, reason: 'Rated every rival 1 star' })).toEqual({ ok: true, label: 'juror' });
    db().update(competitions).set({ closedAt: new Date() }).where(eq(competitions.id, competition)).run();
    expect(setRatingDiscount(moderator, juror, { discount: false, reason: 'Cleared on appeal' })).toEqual({ ok: true, label: 'juror' });
    expect(totals(rival)).toEqual(before);
  });

  it('refuses without a reason, on oneself, for a member who is not there or not staff, and twice; changing nothing', () => {
    const moderator = aMember({ isModerator: true });
    const member = aMember();
    expect(setRatingDiscount(admin, puppet, { discount: true, reason: '  ' })).toEqual({ ok: false, reason: 'no_reason' });
    expect(setRatingDiscount(admin, admin.id, { discount: true, reason: 'x' })).toEqual({ ok: false, reason: 'own_account' });
    expect(setRatingDiscount(admin, 9999, { discount: true, reason: 'x' })).toEqual({ ok: false, reason: 'not_found' });
    expect(setRatingDiscount(member, puppet, { discount: true, reason: 'x' })).toEqual({ ok: false, reason: 'forbidden' });
    expect(setRatingDiscount(admin, puppet, { discount: false, reason: 'x' })).toEqual({ ok: false, reason: 'not_discounted' });
    expect(totals(boosted)).toEqual({ total: 10, count: 3, average: 10 / 3 });
    expect(setRatingDiscount(moderator, puppet, { discount: true, reason: 'ring' }).ok).toBe(true);
    expect(setRatingDiscount(admin, puppet, { discount: true, reason: 'again' })).toEqual({ ok: false, reason: 'already' });
    expect(listRatingDiscounts()).toEqual([expect.objectContaining({ userId: puppet, username: 'puppet', reason: 'ring', ratings: 2 })]);
  });
});

describe('scoreEffects', () => {
  it('shows each build with and without a group’s ratings, whether or not they are discounted yet', () => {
    const effect = () =>
      scoreEffects([puppet], [boosted, rival]).map((row) => ({
        buildId: row.buildId,
        with: row.with.votes,
        without: row.without.votes,
        averages: [row.with.average, row.without.average],
      }));
    const expected = [
      { buildId: boosted, with: 3, without: 2, averages: [10 / 3, 2.5] },
      { buildId: rival, with: 3, without: 2, averages: [3, 4] },
    ];
    expect(effect()).toEqual(expected);
    setRatingDiscount(admin, puppet, { discount: true, reason: 'sock puppet' });
    expect(effect()).toEqual(expected);
  });
});
