import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPhotos, builds, jobs } from '../../db/schema';
import { ALT_BACKFILL_BATCH, altBackfill, draftPhotoAlt } from './describe-photo-job.server';
import { addBuildPhoto } from '~/models/build-photos.server';
import { setPhotoAlt } from '~/models/photo-alts.server';
import { ALT_BACKFILL_JOB, DESCRIBE_PHOTO_JOB } from '~/queue/job-types';
import { db } from '~/services/db.server';
import { forgetRoasterStatus } from '~/roast/roaster-state.server';
import { resetEnv } from '~/services/env.server';
import { aListedBuild, aMember, anImage, anImageWithFile } from '#tests/support/factories';
import { type FakeOllama, SAMPLE_DESCRIPTION, startFakeOllama } from '#tests/support/fake-ollama';
import { rgbBuildPhoto, whiteBuildPhoto } from '#tests/support/image-fixtures';
import { startJobRunner } from '#tests/support/job-runner';
import { freshUploadsDir } from '#tests/support/uploads-dir';
import { waitFor } from '#tests/support/wait';

const uploadsDir = freshUploadsDir('describe', { SCREENING: 'off', ROAST_PROVIDER: 'builtin' });

let fake: FakeOllama | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

let rgbPhoto: Buffer;
beforeEach(async () => {
  rgbPhoto ??= await rgbBuildPhoto();
});

/** A listed build whose main photo is the RGB fixture, with its file where jobs read it. */
async function aBuildWithPhoto(userId = aMember().id) {
  const { imageId } = anImageWithFile(uploadsDir(), rgbPhoto);
  return { buildId: await aListedBuild({ userId, imageId, title: 'Neon Noir' }), userId };
}

const mainAlt = (buildId: number) => db().select({ alt: builds.photoAlt }).from(builds).where(eq(builds.id, buildId)).get()?.alt;
const drafted = (buildId: number) => waitFor(() => mainAlt(buildId) ?? null);
const runDrafts = () => startJobRunner({ [DESCRIBE_PHOTO_JOB]: draftPhotoAlt }, { lane: 'looking' });

describe('the describe job: every photo gets its alt text drafted once', () => {
  it('drafts a new build’s main photo with the built-in analysis when there is no model', async () => {
    const { buildId } = await aBuildWithPhoto();
    expect(mainAlt(buildId)).toBeNull();
    runDrafts();
    expect(await drafted(buildId)).toMatch(/^A dark photo of a PC build in black.*RGB lighting/);
  });

  it('asks the vision model when Ollama is in use, and keeps its description', async () => {
    fake = await startFakeOllama();
    vi.stubEnv('ROAST_PROVIDER', 'ollama');
    vi.stubEnv('OLLAMA_HOST', fake.url);
    vi.stubEnv('OLLAMA_MODEL', 'qwen2.5vl:7b');
    resetEnv();
    const { buildId } = await aBuildWithPhoto();
    runDrafts();
    expect(await drafted(buildId)).toBe(SAMPLE_DESCRIPTION);
    const asked = fake.requests.filter((request) => request.path === '/api/chat');
    expect(asked.some((request) => request.body?.messages?.some((message) => (message.images?.length ?? 0) > 0))).toBe(true);
  });

  it('falls back on the built-in draft when the vision model gives no usable description', async () => {
    fake = await startFakeOllama();
    vi.stubEnv('ROAST_PROVIDER', 'ollama');
    vi.stubEnv('OLLAMA_HOST', fake.url);
    vi.stubEnv('OLLAMA_MODEL', 'qwen2.5vl:7b');
    resetEnv();
    fake.respondToDescribe({ content: 'not json' }, { content: 'still not' }, { content: '{"description": "PC"}' });
    const { buildId } = await aBuildWithPhoto();
    runDrafts();
    expect(await drafted(buildId)).toMatch(/^A dark photo of a PC build/);
  });

  it('never overwrites what the owner wrote before the draft landed', async () => {
    const { buildId, userId } = await aBuildWithPhoto();
    expect(setPhotoAlt(buildId, userId, 'main', 'My rig on the desk, lit purple.')).toEqual({ ok: true });
    runDrafts();
    await waitFor(() => db().select().from(jobs).where(eq(jobs.type, DESCRIBE_PHOTO_JOB)).get()?.status === 'done');
    expect(mainAlt(buildId)).toBe('My rig on the desk, lit purple.');
  });

  it('drafts an extra photo on its own', async () => {
    const { buildId, userId } = await aBuildWithPhoto();
    const { imageId } = anImageWithFile(uploadsDir(), await whiteBuildPhoto());
    const added = await addBuildPhoto(buildId, userId, imageId);
    if (!added.ok) throw new Error(added.reason);
    runDrafts();
    const alt = await waitFor(
      () => db().select({ alt: buildPhotos.alt }).from(buildPhotos).where(eq(buildPhotos.id, added.photo.id)).get()?.alt,
    );
    expect(alt).toBe('A photo of a PC build in grey and white.');
  });

  it('gives a photo with no file to read an empty draft, so it is not drafted again', async () => {
    const buildId = await aListedBuild({ imageId: anImage() });
    runDrafts();
    expect(await waitFor(() => mainAlt(buildId) !== null)).toBe(true);
    expect(mainAlt(buildId)).toBe('');
  });
});

describe('the alt-text backfill: photos from before alt text existed', () => {
  it('queues a few drafts at a time, only while none is on its way, until every photo has one', async () => {
    const made = await Promise.all(Array.from({ length: ALT_BACKFILL_BATCH + 2 }, () => aBuildWithPhoto()));
    // As an upgraded site has them: no alt text, no job for it.
    db().delete(jobs).run();
    const describeJobs = () => db().select().from(jobs).where(eq(jobs.type, DESCRIBE_PHOTO_JOB)).all();
    startJobRunner({ [ALT_BACKFILL_JOB]: altBackfill });
    db().insert(jobs).values({ type: ALT_BACKFILL_JOB, key: ALT_BACKFILL_JOB, payload: {}, runAt: new Date() }).run();
    await waitFor(() => describeJobs().length === ALT_BACKFILL_BATCH);
    // The next round comes later, and not while these wait.
    const next = db()
      .select()
      .from(jobs)
      .where(eq(jobs.type, ALT_BACKFILL_JOB))
      .all()
      .find((job) => job.status === 'queued');
    expect(next?.runAt.getTime()).toBeGreaterThan(Date.now());
    runDrafts();
    for (const { buildId } of made.slice(0, ALT_BACKFILL_BATCH)) expect(await drafted(buildId)).toMatch(/^A dark photo/);
    expect(made.slice(ALT_BACKFILL_BATCH).map(({ buildId }) => mainAlt(buildId))).toEqual([null, null]);
  });
});

describe('a built-in draft standing in for a model that did not answer', () => {
  beforeEach(async () => {
    fake = await startFakeOllama();
    vi.stubEnv('ROAST_PROVIDER', 'ollama');
    vi.stubEnv('OLLAMA_HOST', fake.url);
    vi.stubEnv('OLLAMA_MODEL', 'qwen2.5vl:7b');
    resetEnv();
    forgetRoasterStatus();
  });

  const backfillJobs = () => db().select().from(jobs).where(eq(jobs.type, ALT_BACKFILL_JOB)).all();
  const runBackfill = () => {
    startJobRunner({ [ALT_BACKFILL_JOB]: altBackfill });
    db().insert(jobs).values({ type: ALT_BACKFILL_JOB, key: ALT_BACKFILL_JOB, payload: {}, runAt: new Date() }).run();
  };

  it('is replaced by the model’s description once the model answers again, and an owner’s own words never are', async () => {
    fake!.respondToDescribe({ hangUp: true }, { hangUp: true });
    const stood = await aBuildWithPhoto();
    const owned = await aBuildWithPhoto();
    runDrafts();
    expect(await drafted(stood.buildId)).toMatch(/^A dark photo of a PC build/);
    expect(await drafted(owned.buildId)).toMatch(/^A dark photo of a PC build/);
    expect(setPhotoAlt(owned.buildId, owned.userId, 'main', 'My rig on the desk, lit purple.')).toEqual({ ok: true });
    runBackfill();
    expect(await waitFor(() => mainAlt(stood.buildId) === SAMPLE_DESCRIPTION)).toBe(true);
    await waitFor(() =>
      db()
        .select()
        .from(jobs)
        .where(eq(jobs.type, DESCRIBE_PHOTO_JOB))
        .all()
        .every((job) => job.status === 'done'),
    );
    expect(mainAlt(owned.buildId)).toBe('My rig on the desk, lit purple.');
  });

  it('is asked for once more only: a second failure keeps the built-in draft for good', async () => {
    fake!.respondToDescribe({ hangUp: true }, { hangUp: true });
    const { buildId } = await aBuildWithPhoto();
    runDrafts();
    const standIn = await drafted(buildId);
    runBackfill();
    // The retry fails too; the round after it finds nothing to do and looks again in an hour.
    await waitFor(() => backfillJobs().some((job) => job.status === 'queued' && job.runAt.getTime() > Date.now() + 30 * 60_000), {
      timeoutMs: 20_000,
    });
    expect(mainAlt(buildId)).toBe(standIn);
    // The first draft and the one retry.
    expect(db().select().from(jobs).where(eq(jobs.type, DESCRIBE_PHOTO_JOB)).all()).toHaveLength(2);
  });

  it('is not asked for again while the model is unreachable', async () => {
    fake!.respondToDescribe({ hangUp: true });
    const { buildId } = await aBuildWithPhoto();
    runDrafts();
    const standIn = await drafted(buildId);
    fake!.setModels([]);
    forgetRoasterStatus();
    runBackfill();
    await waitFor(() => backfillJobs().some((job) => job.status === 'queued' && job.runAt.getTime() > Date.now() + 30 * 60_000));
    expect(mainAlt(buildId)).toBe(standIn);
  });
});
