import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, jobs } from '../../db/schema';
import { LEADERBOARD_JOB, lookJob, modelRoastJob, roastJob } from '~/queue/job-types';
import { hasActiveJob } from '~/queue/enqueue.server';
import { HELD_WHILE_SUSPENDED } from '~/domain/member-moderation';
import { SCREENING_REASONS } from '~/roast/screening/verdict';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { approveBuild, findBuild, requestFreshRoast } from './builds.server';
import { suspendMember } from './member-moderation.server';
import {
  type Look,
  modelRoastOffer,
  replaceSlowRoast,
  modelRoastRefusal,
  requestModelRoast,
  saveLook,
  saveRoast,
  saveScreening,
  screeningLook,
} from './roasts.server';
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

describe('a roast the built-in roaster wrote because the model was too slow', () => {
  const builtin = { text: 'Built in.', advice: [], facts, author: { provider: 'builtin', model: 'builtin' }, lines: null } as const;
  const model = { text: 'From the model.', advice: ['Tidy the cables.'], facts, author, lines: null } as const;

  async function slowlyRoasted() {
    const ownerId = aMember().id;
    const id = await aBuild({ userId: ownerId, title: 'Slow model rig', imageId: anImage() });
    db().transaction((tx) => {
      saveScreening(tx, id, { outcome: 'approved', reason: null, scores: null });
      saveRoast(tx, id, { ...builtin, fallback: 'model_slow' });
    });
    return { id, ownerId, row: () => db().select().from(builds).where(eq(builds.id, id)).get() };
  }

  it('offers its owner alone the model roast, queued once, which replaces it', async () => {
    const { id, ownerId, row } = await slowlyRoasted();
    const detail = { id, userId: ownerId, roastFallback: row()?.roastFallback ?? null };
    expect(modelRoastOffer(detail, ownerId)).toBe('ask');
    expect(modelRoastOffer(detail, aMember().id)).toBeNull();
    expect(requestModelRoast(id, aMember().id)).toEqual({ ok: false, reason: 'not_owner' });
    expect(requestModelRoast(id, ownerId)).toEqual({ ok: true });
    expect(hasActiveJob(modelRoastJob(id).key)).toBe(true);
    expect(modelRoastOffer(detail, ownerId)).toBe('waiting');
    expect(requestModelRoast(id, ownerId)).toEqual({ ok: false, reason: 'waiting' });

    expect(db().transaction((tx) => replaceSlowRoast(tx, id, model))).toBe(true);
    expect(row()).toMatchObject({ roast: 'From the model.', roastProvider: 'ollama', roastFallback: null });
    expect(requestModelRoast(id, ownerId)).toEqual({ ok: false, reason: 'not_needed' });
  });

  it('tells the owner of a build held for review that it waits for the review, not that the model wrote it', async () => {
    const { id, ownerId } = await slowlyRoasted();
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, id)).run();
    const refused = requestModelRoast(id, ownerId);
    expect(refused).toEqual({ ok: false, reason: 'not_listed' });
    if (!refused.ok)
      expect(modelRoastRefusal(refused)).toEqual({
        status: 409,
        message: "This build gets the AI model's roast once it has passed review.",
      });
    expect(hasActiveJob(modelRoastJob(id).key)).toBe(false);
  });

  it('is not replaced once the owner asked for a fresh roast meanwhile', async () => {
    const { id, ownerId, row } = await slowlyRoasted();
    expect(requestFreshRoast(id, ownerId)).toEqual({ ok: true });
    expect(db().transaction((tx) => replaceSlowRoast(tx, id, model))).toBe(false);
    expect(row()).toMatchObject({ roast: '', roastFallback: null });
  });

  it('may be asked for a few times a day per member', async () => {
    const { id, ownerId } = await slowlyRoasted();
    for (let ask = 0; ask < 5; ask++) {
      expect(requestModelRoast(id, ownerId)).toEqual({ ok: true });
      db()
        .delete(jobs)
        .where(eq(jobs.key, modelRoastJob(id).key))
        .run();
    }
    expect(requestModelRoast(id, ownerId)).toMatchObject({ ok: false, reason: 'too_many' });
  });
});
