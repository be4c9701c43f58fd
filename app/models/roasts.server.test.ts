import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds } from '../../db/schema';
import { LEADERBOARD_JOB, lookJob, roastJob } from '~/queue/job-types';
import { hasActiveJob } from '~/queue/enqueue.server';
import { HELD_WHILE_SUSPENDED } from '~/domain/member-moderation';
import { SCREENING_REASONS } from '~/roast/screening/verdict';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { approveBuild, findBuild } from './builds.server';
import { suspendMember } from './member-moderation.server';
import { type Look, saveLook, saveRoast, saveScreening, screeningLook } from './roasts.server';
import { aBuild, aMember, anImage } from '#tests/support/factories';
import { someRoastFacts } from '#tests/support/roast-fixtures';

const thresholds = { nsfwHold: 0.45, nsfwReject: 0.9, faceHold: 0.8 };
const facts = someRoastFacts({ gpu: 'RTX 4080' });
const author = { provider: 'ollama', model: 'qwen2.5vl:7b' } as const;
const clean: Look = { facts, author };
const withPerson: Look = { facts: { ...facts, safety: { ...facts.safety, people: true } }, author };

beforeEach(() => {
  vi.stubEnv('SCREENING', 'auto');
  vi.stubEnv('ROAST_PROVIDER', 'ollama');
  resetEnv();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

/** A new upload, screened by the local models before the vision model has answered. */
async function screenedBeforeTheLook(outcome: 'approved' | 'held') {
  const id = await aBuild({ userId: aMember().id, title: 'Slow model rig', imageId: anImage() });
  expect(screeningLook(db(), id).pending).toBe(true);
  expect(hasActiveJob(lookJob(id).key)).toBe(true);
  db().transaction((tx) => saveScreening(tx, id, { outcome, reason: outcome === 'held' ? SCREENING_REASONS.person : null, scores: null }));
  return id;
}

const row = (id: number) =>
  db()
    .select({
      reviewStatus: builds.reviewStatus,
      reviewReason: builds.reviewReason,
      lookPending: builds.lookPending,
      roastFacts: builds.roastFacts,
    })
    .from(builds)
    .where(eq(builds.id, id))
    .get()!;

describe('a look that answers after screening listed the build', () => {
  it('holds it for review when it sees a person, off the lists and the leaderboards, as a look in time would have', async () => {
    const id = await screenedBeforeTheLook('approved');
    // The roast waits for the look's facts.
    expect(hasActiveJob(roastJob(id).key)).toBe(false);
    const unlisted = db().transaction((tx) => saveLook(tx, id, withPerson, thresholds));
    expect(unlisted).not.toBeNull();
    expect(row(id)).toMatchObject({ reviewStatus: 'held', reviewReason: SCREENING_REASONS.person, lookPending: false });
    expect(hasActiveJob(LEADERBOARD_JOB)).toBe(true);
    expect(hasActiveJob(roastJob(id).key)).toBe(false);
  });

  it('keeps it listed when it sees nothing wrong, and queues the roast to be written from its facts', async () => {
    const id = await screenedBeforeTheLook('approved');
    expect(db().transaction((tx) => saveLook(tx, id, clean, thresholds))).toBeNull();
    expect(row(id)).toMatchObject({ reviewStatus: 'approved', lookPending: false, roastFacts: facts });
    expect(hasActiveJob(roastJob(id).key)).toBe(true);
  });

  it('queues the roast all the same when the vision model could not look', async () => {
    const id = await screenedBeforeTheLook('approved');
    expect(db().transaction((tx) => saveLook(tx, id, null, thresholds))).toBeNull();
    expect(row(id)).toMatchObject({ reviewStatus: 'approved', lookPending: false, roastFacts: null });
    expect(hasActiveJob(roastJob(id).key)).toBe(true);
  });

  it('changes nothing once a moderator has decided', async () => {
    const id = await screenedBeforeTheLook('held');
    await approveBuild(id);
    expect(db().transaction((tx) => saveLook(tx, id, withPerson, thresholds))).toBeNull();
    expect(row(id)).toMatchObject({ reviewStatus: 'approved', reviewReason: null, roastFacts: null });
  });

  it('leaves a build screening held to its moderator, with its facts kept for the roast', async () => {
    const id = await screenedBeforeTheLook('held');
    expect(db().transaction((tx) => saveLook(tx, id, clean, thresholds))).toBeNull();
    expect(row(id)).toMatchObject({ reviewStatus: 'held', reviewReason: SCREENING_REASONS.person, lookPending: false, roastFacts: facts });
  });
});

describe('a build screening rejected', () => {
  it('owes no look: its photo is deleted', async () => {
    const id = await aBuild({ userId: aMember().id, title: 'Rejected rig', imageId: anImage() });
    db().transaction((tx) => saveScreening(tx, id, { outcome: 'rejected', reason: SCREENING_REASONS.nsfw, scores: null }));
    expect(row(id)).toMatchObject({ reviewStatus: 'rejected', lookPending: false });
    expect(db().transaction((tx) => saveLook(tx, id, withPerson, thresholds))).toBeNull();
    expect(row(id)).toMatchObject({ reviewStatus: 'rejected', reviewReason: SCREENING_REASONS.nsfw, roastFacts: null });
  });
});

describe('a look that answers before screening decides', () => {
  it('is kept for screening to count', async () => {
    const id = await aBuild({ userId: aMember().id, title: 'Fast model rig', imageId: anImage() });
    db().transaction((tx) => saveLook(tx, id, withPerson, thresholds));
    expect(row(id).reviewStatus).toBe('pending');
    expect(screeningLook(db(), id)).toEqual({ pending: false, facts: withPerson.facts });
  });
});

describe('a roast written for a build deleted meanwhile', () => {
  it('saves nothing and does not fail, so its job ends instead of retrying', async () => {
    const id = await aBuild({ userId: aMember().id, title: 'Gone rig', imageId: anImage() });
    db().delete(builds).where(eq(builds.id, id)).run();
    const roast = {
      text: 'Too late.',
      advice: [],
      facts,
      author: { provider: 'builtin', model: 'builtin' },
      lines: ['Too late.'],
    } as const;
    expect(() => db().transaction((tx) => saveRoast(tx, id, roast))).not.toThrow();
  });
});

describe('screening the upload of a member suspended since', () => {
  it('holds what it would have listed, with the reason, for a moderator to decide; after the suspension it lists again', async () => {
    const owner = aMember();
    const [before, after] = [
      await aBuild({ userId: owner.id, title: 'Sent the minute before', imageId: anImage() }),
      await aBuild({ userId: owner.id, title: 'Screened late', imageId: anImage() }),
    ];
    const until = new Date(Date.now() + 3_600_000);
    suspendMember(aMember({ isAdmin: true }), owner.id, { reason: 'Flame war', until });
    const approved = { outcome: 'approved', reason: null, scores: null } as const;
    expect(db().transaction((tx) => saveScreening(tx, before, approved))).toEqual({
      outcome: 'held',
      reason: HELD_WHILE_SUSPENDED,
      scores: null,
    });
    expect(row(before)).toMatchObject({ reviewStatus: 'held', reviewReason: HELD_WHILE_SUSPENDED });
    expect(findBuild(before)).toBeNull();
    expect(db().transaction((tx) => saveScreening(tx, after, approved, new Date(until.getTime() + 1)))).toEqual(approved);
    expect(row(after)).toMatchObject({ reviewStatus: 'approved', reviewReason: null });
  });
});
