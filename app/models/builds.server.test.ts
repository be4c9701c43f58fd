import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, jobs } from '../../db/schema';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import {
  approveBuild,
  canSeeBuild,
  FRESH_ROAST_INTERVAL_MS,
  findBuild,
  findBuildDetail,
  listBuildsAfter,
  listRecentBuilds,
  listUserBuilds,
  requestFreshRoast,
} from './builds.server';
import { aBuild, aMember, anImage } from '#tests/support/factories';

const T = Date.UTC(2026, 0, 1);
let userId: number;
let imageId: number;

beforeEach(() => {
  // Listing is what these tests are about: builds go live at once, as with SCREENING=off.
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
  userId = aMember({ username: 'pager', email: 'pager@example.com' }).id;
  imageId = anImage();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const build = async (title: string, at: number) => await aBuild({ userId, title, imageId }, new Date(at));
const titles = (list: { title: string }[]) => list.map((item) => item.title);

describe('paging through the newest builds', () => {
  it('continues after a build, newest first, ties broken by id', async () => {
    await build('oldest', T);
    await build('tie one', T + 1000);
    await build('tie two', T + 1000);
    const newest = await build('newest', T + 2000);
    expect(titles(listRecentBuilds(10))).toEqual(['newest', 'tie two', 'tie one', 'oldest']);

    const first = listRecentBuilds(2);
    const next = listBuildsAfter(first.at(-1)!.id, 2);
    expect(titles(next)).toEqual(['tie one', 'oldest']);
    expect(listBuildsAfter(next.at(-1)!.id, 2)).toEqual([]);
    expect(titles(listBuildsAfter(newest, 1))).toEqual(['tie two']);
  });

  it('is not shifted by builds uploaded after the first page was shown', async () => {
    for (let index = 1; index <= 4; index++) await build(`rig ${index}`, T + index * 1000);
    const page = listRecentBuilds(2);
    await build('brand new', T + 10_000);
    expect(titles(listBuildsAfter(page.at(-1)!.id, 2))).toEqual(['rig 2', 'rig 1']);
  });

  it('answers nothing after an unknown build', async () => {
    expect(listBuildsAfter(999, 12)).toEqual([]);
  });
});

describe('publishing a build', () => {
  const jobRows = () => db().select({ type: jobs.type, key: jobs.key, payload: jobs.payload }).from(jobs).all();

  it("with screening on, keeps the build unlisted and queues its screening, the vision model's look and the photo's description in the same transaction", async () => {
    vi.stubEnv('SCREENING', 'auto');
    resetEnv();
    const id = await build('fresh rig', T);
    expect(findBuildDetail(id)).toMatchObject({ reviewStatus: 'pending', lookPending: true });
    expect(jobRows()).toEqual([
      { type: 'screen', key: `screen:${id}`, payload: { buildId: id } },
      { type: 'look', key: `look:${id}`, payload: { buildId: id } },
      { type: 'describe-photo', key: `describe-photo:build:${id}`, payload: { buildId: id } },
    ]);
    expect(listRecentBuilds(10)).toEqual([]);
    expect(findBuild(id)).toBeNull();
    // The owner still finds it on their profile.
    expect(titles(listUserBuilds(userId))).toEqual(['fresh rig']);
  });

  it('with screening on and the built-in roaster only, owes no look', async () => {
    vi.stubEnv('SCREENING', 'auto');
    vi.stubEnv('ROAST_PROVIDER', 'builtin');
    resetEnv();
    const id = await build('builtin rig', T);
    expect(findBuildDetail(id)).toMatchObject({ reviewStatus: 'pending', lookPending: false });
    expect(jobRows()).toEqual([
      { type: 'screen', key: `screen:${id}`, payload: { buildId: id } },
      { type: 'describe-photo', key: `describe-photo:build:${id}`, payload: { buildId: id } },
    ]);
  });

  it("with screening off, lists the build at once and queues its roast, the photo's description and a battle refit", async () => {
    const id = await build('open rig', T);
    expect(findBuild(id)?.reviewStatus).toBe('approved');
    expect(jobRows()).toEqual([
      { type: 'roast', key: `roast:${id}`, payload: { buildId: id } },
      { type: 'describe-photo', key: `describe-photo:build:${id}`, payload: { buildId: id } },
      { type: 'battle-refit', key: 'battle-refit', payload: {} },
    ]);
  });

  it('never lists held or rejected builds', async () => {
    const held = await build('held rig', T);
    const rejected = await build('rejected rig', T + 1);
    await build('fine rig', T + 2);
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, held)).run();
    db().update(builds).set({ reviewStatus: 'rejected' }).where(eq(builds.id, rejected)).run();
    expect(titles(listRecentBuilds(10))).toEqual(['fine rig']);
    expect(findBuild(held)).toBeNull();
  });
});

describe('approveBuild', () => {
  it('lists a held build and queues its roast once, or keeps an existing roast', async () => {
    const id = await build('held rig', T);
    db().update(jobs).set({ status: 'done' }).run();
    db().update(builds).set({ reviewStatus: 'held', reviewReason: 'Looked odd' }).where(eq(builds.id, id)).run();
    await approveBuild(id);
    expect(findBuild(id)).toMatchObject({ reviewStatus: 'approved' });
    expect(findBuildDetail(id)).toMatchObject({ reviewReason: null, roasting: true });

    const roasted = await build('roasted rig', T + 1);
    db().update(jobs).set({ status: 'done' }).run();
    db().update(builds).set({ reviewStatus: 'held', roast: 'Already roasted' }).where(eq(builds.id, roasted)).run();
    await approveBuild(roasted);
    expect(findBuildDetail(roasted)).toMatchObject({ reviewStatus: 'approved', roasting: false });
  });
});

describe('canSeeBuild', () => {
  const member = { id: 2, isAdmin: false, isModerator: false };
  it.each([
    ['approved', null, true],
    ['pending', null, false],
    ['held', member, false],
    ['held', { ...member, id: 1 }, true],
    ['rejected', { ...member, isModerator: true }, true],
    ['pending', { ...member, isAdmin: true }, true],
  ] as const)('a %s build for %o: %s', (reviewStatus, viewer, visible) => {
    expect(canSeeBuild({ userId: 1, reviewStatus }, viewer)).toBe(visible);
  });
});

describe('requestFreshRoast', () => {
  const roasted = (id: number) =>
    db()
      .update(builds)
      .set({ roast: 'Old roast', roastOpener: 'generic-1', roastedAt: new Date(T) })
      .where(eq(builds.id, id))
      .run();
  const finishJobs = () => db().update(jobs).set({ status: 'done' }).run();

  it('clears the roast and queues a new one, at most once a day', async () => {
    const id = await build('my rig', T);
    roasted(id);
    finishJobs();
    const now = new Date(T + 1000);
    expect(requestFreshRoast(id, userId, 'medium', now)).toEqual({ ok: true });
    expect(findBuildDetail(id)).toMatchObject({ roast: '', roasting: true, roastRequestedAt: now });
    finishJobs();
    roasted(id);
    expect(requestFreshRoast(id, userId, 'medium', new Date(T + 2000))).toEqual({
      ok: false,
      reason: 'too_soon',
      retryAfterMs: FRESH_ROAST_INTERVAL_MS - 1000,
    });
    expect(requestFreshRoast(id, userId, 'medium', new Date(T + 1000 + FRESH_ROAST_INTERVAL_MS))).toEqual({ ok: true });
  });

  it('keeps the intensity the owner chose for the next roast, and clears the old advice', async () => {
    const id = await build('my rig', T);
    expect(findBuildDetail(id)?.roastIntensity).toBe('medium');
    db()
      .update(builds)
      .set({ roast: 'Old roast', roastAdvice: ['Tidy the cables behind the tray.'], roastedAt: new Date(T) })
      .where(eq(builds.id, id))
      .run();
    finishJobs();
    expect(requestFreshRoast(id, userId, 'gentle', new Date(T + 1000))).toEqual({ ok: true });
    expect(findBuildDetail(id)).toMatchObject({ roast: '', roastIntensity: 'gentle', roastAdvice: null });
  });

  it('lets the owner try again at once after a failed roast', async () => {
    const id = await build('my rig', T);
    finishJobs();
    expect(requestFreshRoast(id, userId, 'medium', new Date(T))).toEqual({ ok: true });
    finishJobs();
    db()
      .update(builds)
      .set({ roastFailedAt: new Date(T + 10) })
      .where(eq(builds.id, id))
      .run();
    expect(requestFreshRoast(id, userId, 'medium', new Date(T + 20))).toEqual({ ok: true });
    expect(findBuildDetail(id)?.roastFailedAt).toBeNull();
  });

  it('refuses other members, unlisted builds, builds being roasted and unknown builds', async () => {
    const id = await build('my rig', T);
    const other = aMember({ username: 'other', email: 'other@example.com' }).id;
    expect(requestFreshRoast(id, userId, 'medium', new Date(T))).toEqual({ ok: false, reason: 'busy' });
    finishJobs();
    expect(requestFreshRoast(id, other, 'medium', new Date(T))).toEqual({ ok: false, reason: 'not_owner' });
    expect(requestFreshRoast(id + 1, userId, 'medium', new Date(T))).toEqual({ ok: false, reason: 'not_found' });
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, id)).run();
    expect(requestFreshRoast(id, userId, 'medium', new Date(T))).toEqual({ ok: false, reason: 'not_listed' });
    expect(findBuildDetail(id)?.roastRequestedAt).toBeNull();
  });
});
