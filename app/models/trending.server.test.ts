import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { deleteMember } from './admin-members.server';
import { addComment, deleteOwnComment, saveAiReply } from './comments.server';
import { rateBuild } from './ratings.server';
import { recountTrending, refreshTrending } from './trending.server';
import { db } from '~/services/db.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';
import { trendingByFormula, trendingOrder } from '#tests/support/trending';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.now();

withScreeningOff();

/** Listed builds created an hour apart up to a day before NOW, oldest first; their ids by title. */
async function buildsNamed(...titles: string[]) {
  const ids: Record<string, number> = {};
  for (const [index, title] of titles.entries())
    ids[title] = await aListedBuild({ title, at: new Date(NOW - DAY - (titles.length - index) * HOUR) });
  return ids;
}

const titlesOf = (ids: Record<string, number>, order: number[]) => {
  const titles = new Map(Object.entries(ids).map(([title, id]) => [id, title]));
  return order.map((id) => titles.get(id)).filter((title) => title !== undefined);
};
const rate = (buildId: number, rating: number, at: number, userId = aMember().id) => {
  rateBuild({ buildId, userId, rating }, new Date(at));
  return userId;
};
const comment = (buildId: number, at: number, userId = aMember().id, parentCommentId?: number) =>
  addComment({ buildId, userId, content: 'Nice rig', parentCommentId }, new Date(at));
const runJob = (at: number) => db().transaction((tx) => refreshTrending(tx, at));

/** A deterministic pseudo-random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

describe('the trending order', () => {
  it('is the formula’s order at any moment, whenever the trending job last ran', async () => {
    const next = random(35);
    const ids = await buildsNamed(...Array.from({ length: 24 }, (_, index) => `Rig ${index}`));
    const buildIds = Object.values(ids);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const raters = Array.from({ length: 6 }, () => aMember().id);
    const written: { id: number; userId: number }[] = [];
    // Twelve days of activity, the job running every few hours, the order checked as it goes.
    let at = NOW - 12 * DAY;
    while (at < NOW) {
      at += Math.floor(next() * 3 * HOUR);
      const buildId = pick(buildIds);
      const choice = next();
      const listed = db().select({ status: builds.reviewStatus }).from(builds).where(eq(builds.id, buildId)).get()?.status === 'approved';
      if (!listed) {
        if (choice < 0.3) db().update(builds).set({ reviewStatus: 'approved' }).where(eq(builds.id, buildId)).run();
      } else if (choice < 0.45) {
        // Raters come back: a rating changes its stars and its time.
        const owner = db().select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get()!.userId;
        const rater = pick(raters);
        if (rater !== owner) rate(buildId, 1 + Math.floor(next() * 5), at, rater);
      } else if (choice < 0.75) {
        const parent = next() < 0.3 && written.length ? pick(written).id : undefined;
        const userId = pick(raters);
        const added = parent ? tryReply(buildId, at, userId, parent) : comment(buildId, at, userId);
        if (added) written.push({ id: added.id, userId });
      } else if (choice < 0.85 && written.length) {
        const doomed = pick(written);
        deleteOwnComment(doomed.id, doomed.userId, new Date(at));
      } else if (choice < 0.9) {
        const asked = comment(buildId, at, pick(raters));
        db().transaction((tx) => saveAiReply(tx, { buildId, threadId: asked.id, content: 'Beep', askerId: null }, new Date(at)));
      } else if (choice < 0.93) {
        db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, buildId)).run();
      } else if (choice < 0.97) {
        runJob(at);
      }
      for (const read of [at, at + 5 * MINUTE, at + 3 * HOUR, at + 2 * DAY, at - 30 * MINUTE])
        expect(trendingOrder(read), `read at ${read - NOW} ms, written up to ${at - NOW} ms`).toEqual(trendingByFormula(read));
    }
  });

  it('drops activity that left the last 7 days, before and after the job runs', async () => {
    const ids = await buildsNamed('Had its moment', 'Quiet', 'Just rated');
    for (let index = 0; index < 10; index++) rate(ids['Had its moment']!, 5, NOW - 7 * DAY + HOUR);
    rate(ids['Just rated']!, 1, NOW - HOUR);

    // 10·e^(−3.48) ≈ 0.31 against 0.2·e^(−0.02) ≈ 0.20.
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Had its moment', 'Just rated', 'Quiet']);
    // Two hours on, its ratings are more than 7 days old: it counts nothing and falls back among the newest.
    expect(titlesOf(ids, trendingOrder(NOW + 2 * HOUR))).toEqual(['Just rated', 'Quiet', 'Had its moment']);
    runJob(NOW + 2 * HOUR);
    expect(titlesOf(ids, trendingOrder(NOW + 2 * HOUR))).toEqual(['Just rated', 'Quiet', 'Had its moment']);
    // A clock an hour behind the job's still sees them.
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Had its moment', 'Just rated', 'Quiet']);
  });

  it('counts a changed rating once, with its new stars at its new time', async () => {
    const ids = await buildsNamed('Rerated', 'Steady');
    const fan = rate(ids.Rerated!, 5, NOW - 3 * DAY);
    rate(ids.Rerated!, 5, NOW - 3 * DAY);
    rate(ids.Steady!, 4, NOW - 2 * DAY);
    rate(ids.Steady!, 4, NOW - 2 * DAY);
    // 2·e^(−1.5) ≈ 0.45 against 1.6·e^(−1) ≈ 0.59.
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Steady', 'Rerated']);

    rate(ids.Rerated!, 5, NOW - HOUR, fan);
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Rerated', 'Steady']);
    rate(ids.Rerated!, 1, NOW - HOUR, fan);
    // e^(−1.5) + 0.2·e^(−0.02) ≈ 0.42.
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Steady', 'Rerated']);
    expect(trendingOrder(NOW)).toEqual(trendingByFormula(NOW));
  });

  it('counts members’ comments only: not deleted ones, kept as “[deleted]” or not, nor RoastBot’s', async () => {
    const ids = await buildsNamed('Talked about', 'Rated once');
    const author = aMember().id;
    const kept = comment(ids['Talked about']!, NOW - HOUR, author);
    const gone = comment(ids['Talked about']!, NOW - HOUR, author);
    rate(ids['Rated once']!, 5, NOW - 2 * HOUR);
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Talked about', 'Rated once']);

    const reply = comment(ids['Talked about']!, NOW - 30 * MINUTE, aMember().id, kept.id);
    for (let index = 0; index < 3; index++)
      db().transaction((tx) => saveAiReply(tx, { buildId: ids['Talked about']!, threadId: reply.id, content: 'Beep', askerId: null }));
    deleteOwnComment(kept.id, author);
    deleteOwnComment(gone.id, author);
    // What is left is the reply, e^(−0.01) ≈ 0.99, against the rating's e^(−0.04) ≈ 0.96.
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Talked about', 'Rated once']);
    expect(trendingOrder(NOW)).toEqual(trendingByFormula(NOW));
    rate(ids['Rated once']!, 1, NOW - 10 * MINUTE);
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Rated once', 'Talked about']);
  });

  it('leaves a hidden build out, and brings it back with its heat', async () => {
    const ids = await buildsNamed('Hot', 'Warm');
    for (let index = 0; index < 3; index++) comment(ids.Hot!, NOW - HOUR);
    comment(ids.Warm!, NOW - HOUR);
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, ids.Hot!)).run();
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Warm']);
    runJob(NOW);
    db().update(builds).set({ reviewStatus: 'approved' }).where(eq(builds.id, ids.Hot!)).run();
    expect(titlesOf(ids, trendingOrder(NOW + HOUR))).toEqual(['Hot', 'Warm']);
  });

  it('forgets a deleted member’s ratings and comments', async () => {
    const ids = await buildsNamed('Fan favourite', 'Modest');
    const fan = aMember().id;
    rate(ids['Fan favourite']!, 5, NOW - HOUR, fan);
    comment(ids['Fan favourite']!, NOW - HOUR, fan);
    comment(ids.Modest!, NOW - 2 * HOUR);
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Fan favourite', 'Modest']);

    const admin = aMember({ isAdmin: true });
    expect(await deleteMember({ ...admin, username: admin.username }, fan)).toMatchObject({ ok: true });
    expect(titlesOf(ids, trendingOrder(NOW))).toEqual(['Modest', 'Fan favourite']);
  });

  it('holds its order year after year as the job keeps the heats small', async () => {
    const ids = await buildsNamed('Twice', 'Once');
    let at = NOW;
    for (; at < NOW + 5 * 365 * DAY; at += 10 * DAY) runJob(at);
    comment(ids.Twice!, at - HOUR);
    comment(ids.Twice!, at - HOUR);
    comment(ids.Once!, at - 30 * MINUTE);
    // Weighed against a moment years back, every heat would be infinite and the newer build first.
    expect(titlesOf(ids, trendingOrder(at))).toEqual(['Twice', 'Once']);
  });

  it('counted afresh from the rows, orders as it did when kept up by each write', async () => {
    const ids = await buildsNamed('A', 'B', 'C');
    rate(ids.A!, 3, NOW - 5 * DAY);
    comment(ids.B!, NOW - 4 * DAY);
    rate(ids.C!, 5, NOW - 6 * DAY);
    comment(ids.C!, NOW - 6 * DAY);
    runJob(NOW - 3 * DAY);
    const kept = trendingOrder(NOW);
    db().transaction((tx) => recountTrending(tx, NOW));
    expect(trendingOrder(NOW)).toEqual(kept);
    expect(kept).toEqual(trendingByFormula(NOW));
  });
});

/** A member's reply, unless its thread was deleted meanwhile. */
function tryReply(buildId: number, at: number, userId: number, parentCommentId: number) {
  try {
    return comment(buildId, at, userId, parentCommentId);
  } catch {
    return undefined;
  }
}
