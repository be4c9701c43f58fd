import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { battleStandings, battleVotes, builds as buildRows, jobs, rateLimitHits, users } from '../../db/schema';
import {
  anyBattleVote,
  battleFitInput,
  battleLeaderboard,
  battleRefitNeeded,
  castBattleVote,
  nextBattle,
  recordBattleRanks,
  revealBattle,
  weekBattleHighlights,
} from './battles.server';
import { hideBuild } from './moderation.server';
import { setRatingDiscount } from './rating-discounts.server';
import { BATTLE_REFIT_JOB } from '~/queue/job-types';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { storeFit } from '#tests/support/battle-standings';
import { aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

beforeEach(() => {
  vi.stubEnv('BATTLE_MIN_LEVEL', '1');
  resetEnv();
});

const DAY = 86_400_000;

/** Three listed builds of three owners and a voter who owns none of them. */
async function arena() {
  const builds = [await aListedBuild(), await aListedBuild(), await aListedBuild()];
  const voter = aMember({ createdAt: new Date(Date.now() - 30 * DAY) }).id;
  return { builds, voter };
}

/** Standings for `ids` as a fit would leave them, all stamped now. */
function standingsFor(ids: number[], at = new Date()) {
  storeFit(
    ids.map((buildId, index) => ({ buildId, estimate: index, sd: 1, conservative: index - 2, votes: 0 })),
    at,
  );
}

describe('castBattleVote', () => {
  it('records one vote per member per pair, whichever side each build was shown on, and asks for a refit', async () => {
    const { builds, voter } = await arena();
    const [a, b] = builds as [number, number];
    expect(castBattleVote({ voterId: voter, first: b, second: a, choice: 'first' })).toEqual({ ok: true, low: a, high: b });
    const again = castBattleVote({ voterId: voter, first: a, second: b, choice: 'first' });
    expect(again).toMatchObject({ ok: false, reason: 'already_voted' });
    expect(db().select().from(battleVotes).all()).toEqual([
      expect.objectContaining({ voterId: voter, buildLow: a, buildHigh: b, outcome: 'high' }),
    ]);
    expect(db().select({ type: jobs.type }).from(jobs).where(eq(jobs.type, BATTLE_REFIT_JOB)).all()).toHaveLength(1);
  });

  it('tells an empty board that votes are in before their first fit', async () => {
    const { builds, voter } = await arena();
    const [a, b] = builds as [number, number];
    expect(anyBattleVote()).toBe(false);
    castBattleVote({ voterId: voter, first: a, second: b, choice: 'first' });
    expect(battleLeaderboard(10)).toEqual([]);
    expect(anyBattleVote()).toBe(true);
  });

  it('tells an empty board no votes are in while none counts: a discounted voter’s, or one on a build hidden since', async () => {
    const { builds, voter } = await arena();
    const [a, b, c] = builds as [number, number, number];
    const admin = aMember({ isAdmin: true });
    castBattleVote({ voterId: voter, first: a, second: b, choice: 'first' });
    expect(setRatingDiscount(admin, voter, { discount: true, reason: 'ring' })).toMatchObject({ ok: true });
    const other = aMember({ createdAt: new Date(Date.now() - 30 * DAY) }).id;
    castBattleVote({ voterId: other, first: a, second: c, choice: 'draw' });
    await hideBuild(admin, c);
    // No refit will ever rank anything from these: the board must not say one is on its way.
    expect(battleFitInput().votes).toEqual([]);
    expect(anyBattleVote()).toBe(false);
  });

  it('refuses a pair with the member’s own build, a build that is not listed, and a pair of one build', async () => {
    const { builds } = await arena();
    const [own, other, hidden] = builds as [number, number, number];
    const owner = db().select({ userId: buildRows.userId }).from(buildRows).where(eq(buildRows.id, own)).get()!.userId;
    const admin = aMember({ isAdmin: true });
    await hideBuild(admin, hidden);
    expect(castBattleVote({ voterId: owner, first: own, second: other, choice: 'draw' })).toMatchObject({ ok: false, reason: 'own_build' });
    const voter = aMember({ createdAt: new Date(Date.now() - 30 * DAY) }).id;
    expect(castBattleVote({ voterId: voter, first: other, second: hidden, choice: 'first' })).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(castBattleVote({ voterId: voter, first: other, second: 987_654, choice: 'first' })).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(castBattleVote({ voterId: voter, first: other, second: other, choice: 'first' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(db().select().from(battleVotes).all()).toEqual([]);
  });

  it('lets a member vote from BATTLE_MIN_LEVEL, or below it once their account is a week old', async () => {
    vi.stubEnv('BATTLE_MIN_LEVEL', '3');
    resetEnv();
    const { builds } = await arena();
    const [a, b] = builds as [number, number];
    const now = new Date();
    const young = aMember({ createdAt: new Date(now.getTime() - 6 * DAY) }).id;
    const refusal = castBattleVote({ voterId: young, first: a, second: b, choice: 'first' }, now);
    expect(refusal).toMatchObject({ ok: false, reason: 'level' });
    expect(!refusal.ok && refusal.message).toContain('level 3');
    db().update(users).set({ level: 3 }).where(eq(users.id, young)).run();
    expect(castBattleVote({ voterId: young, first: a, second: b, choice: 'first' }, now)).toMatchObject({ ok: true });
    const weekOld = aMember({ createdAt: new Date(now.getTime() - 7 * DAY) }).id;
    expect(castBattleVote({ voterId: weekOld, first: a, second: b, choice: 'second' }, now)).toMatchObject({ ok: true });
  });

  it('stops a member past the hourly limit, with how long to wait', async () => {
    const { builds, voter } = await arena();
    const [a, b, c] = builds as [number, number, number];
    const rule = RATE_LIMITS.battleVote.perMember;
    const now = Date.now();
    // The hour's votes but one, as earlier votes left them.
    db()
      .insert(rateLimitHits)
      .values(Array.from({ length: rule.limit - 1 }, (_, n) => ({ bucket: rule.bucket, key: String(voter), at: new Date(now - 1000 - n) })))
      .run();
    expect(castBattleVote({ voterId: voter, first: a, second: b, choice: 'draw' }, new Date(now))).toMatchObject({ ok: true });
    expect(castBattleVote({ voterId: voter, first: a, second: c, choice: 'draw' }, new Date(now))).toMatchObject({
      ok: false,
      reason: 'rate_limited',
      retryAfterMs: expect.any(Number),
    });
  });
});

describe('nextBattle', () => {
  it('shows no builds of the member’s own, no pair they voted on, and nothing once every pair is judged', async () => {
    const { builds, voter } = await arena();
    const own = await aListedBuild({ userId: voter });
    standingsFor([...builds, own]);
    const judged = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const pair = nextBattle(voter);
      expect(pair).not.toBeNull();
      const ids = [pair!.first.id, pair!.second.id];
      expect(ids).not.toContain(own);
      const key = [...ids].sort((x, y) => x - y).join('-');
      expect(judged.has(key)).toBe(false);
      judged.add(key);
      expect(castBattleVote({ voterId: voter, first: ids[0]!, second: ids[1]!, choice: 'first' })).toMatchObject({ ok: true });
    }
    expect(nextBattle(voter)).toBeNull();
  });

  it('drops a build the moment a moderator hides it, before any refit', async () => {
    const { builds, voter } = await arena();
    standingsFor(builds);
    const [, , hidden] = builds as [number, number, number];
    expect(nextBattle(voter)).not.toBeNull();
    await hideBuild(aMember({ isAdmin: true }), hidden);
    for (let round = 0; round < 20; round++) {
      const pair = nextBattle(voter)!;
      expect([pair.first.id, pair.second.id]).not.toContain(hidden);
    }
  });

  it('shows a guest pairs, photos only', async () => {
    const { builds } = await arena();
    standingsFor(builds);
    const pair = nextBattle(null)!;
    expect(Object.keys(pair.first).sort()).toEqual(['id', 'imageId', 'photoAlt']);
  });
});

describe('the battle leaderboard and the reveal', () => {
  it('ranks listed builds with votes by their conservative score and says how sure', async () => {
    const { builds, voter } = await arena();
    const [a, b, c] = builds as [number, number, number];
    storeFit(
      [
        { buildId: a, estimate: 1, sd: 0.3, conservative: 0.4, votes: 40 },
        { buildId: b, estimate: 2, sd: 1.2, conservative: -0.4, votes: 4 },
        { buildId: c, estimate: 0, sd: 2, conservative: -4, votes: 0 },
      ],
      new Date(),
    );
    expect(battleLeaderboard(10).map((entry) => [entry.buildId, entry.rank, entry.certainty])).toEqual([
      [a, 1, 'sure'],
      [b, 2, 'still settling'],
    ]);
    // Nobody sees who is behind a pair before judging it: not a guest, not another member.
    expect(revealBattle(null, Math.min(a, b), Math.max(a, b))).toBeNull();
    expect(revealBattle(voter, Math.min(a, b), Math.max(a, b))).toBeNull();
    expect(castBattleVote({ voterId: voter, first: a, second: b, choice: 'second' })).toMatchObject({ ok: true });
    expect(revealBattle(aMember().id, Math.min(a, b), Math.max(a, b))).toBeNull();
    const reveal = revealBattle(voter, Math.min(a, b), Math.max(a, b))!;
    expect(reveal.outcome).toBe(b > a ? 'high' : 'low');
    expect(reveal.low.standing?.rank).toBe(a < b ? 1 : 2);
    await hideBuild(aMember({ isAdmin: true }), a);
    expect(battleLeaderboard(10).map((entry) => [entry.buildId, entry.rank])).toEqual([[b, 1]]);
    expect(revealBattle(voter, Math.min(a, b), Math.max(a, b))).toBeNull();
  });
});

describe('what the refit reads', () => {
  it('counts votes between listed builds from members whose votes are not discounted, and knows when nothing changed', async () => {
    const { builds, voter } = await arena();
    const [a, b, c] = builds as [number, number, number];
    const discounted = aMember({ createdAt: new Date(Date.now() - 30 * DAY) });
    castBattleVote({ voterId: voter, first: a, second: b, choice: 'first' });
    castBattleVote({ voterId: voter, first: b, second: c, choice: 'draw' });
    castBattleVote({ voterId: discounted.id, first: a, second: c, choice: 'second' });
    const admin = aMember({ isAdmin: true });
    expect(setRatingDiscount(admin, discounted.id, { discount: true, reason: 'ring' })).toMatchObject({ ok: true });
    await hideBuild(admin, c);
    const input = battleFitInput();
    expect(input.buildIds.sort()).toEqual([a, b].sort());
    expect(input.votes).toEqual([{ voterId: voter, first: Math.min(a, b), second: Math.max(a, b), outcome: a < b ? 'first' : 'second' }]);
    expect(battleRefitNeeded()).toBe(true);
    standingsFor([a, b], new Date(Date.now() + 1000));
    expect(battleRefitNeeded()).toBe(false);
    expect(db().select().from(battleStandings).all()).toHaveLength(2);
  });
});

describe('weekBattleHighlights', () => {
  it('names the week’s winners by wins and the builds that climbed most since the week began', async () => {
    const { builds, voter } = await arena();
    const [a, b, c] = builds as [number, number, number];
    const weekAgo = new Date(Date.now() - 7 * DAY);
    const standing = (buildId: number, conservative: number) => ({ buildId, estimate: conservative + 1, sd: 0.5, conservative, votes: 20 });
    // A week ago: a first, b second, c third.
    storeFit([standing(a, 3), standing(b, 2), standing(c, 1)], weekAgo);
    recordBattleRanks(db(), weekAgo);
    // This week c won twice and b once; c is now first, b second, a third.
    const second = aMember({ createdAt: new Date(Date.now() - 30 * DAY) }).id;
    castBattleVote({ voterId: voter, first: c, second: a, choice: 'first' });
    castBattleVote({ voterId: second, first: c, second: a, choice: 'first' });
    castBattleVote({ voterId: voter, first: b, second: a, choice: 'first' });
    storeFit([standing(a, 1), standing(b, 2), standing(c, 3)], new Date());
    recordBattleRanks(db(), new Date());
    const highlights = weekBattleHighlights(new Date(weekAgo.getTime() + 1000));
    expect(highlights.winners.map((winner) => [winner.id, winner.wins, winner.votes])).toEqual([
      [c, 2, 2],
      [b, 1, 1],
    ]);
    expect(highlights.movers.map((mover) => [mover.id, mover.from, mover.to])).toEqual([[c, 3, 1]]);
    await hideBuild(aMember({ isAdmin: true }), c);
    expect(weekBattleHighlights(weekAgo).winners.map((winner) => winner.id)).toEqual([b]);
  });
});
