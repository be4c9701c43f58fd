import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builds, comments } from '../../db/schema';
import { createJobRunner } from './background-work.server';
import type { JobRunner } from '~/queue/runner.server';
import { addPart } from '~/models/build-parts.server';
import { addComment } from '~/models/comments.server';
import { saveImage } from '~/models/uploads.server';
import { aBuild, aMember } from '#tests/support/factories';
import { db } from '~/services/db.server';
import { env, resetEnv } from '~/services/env.server';
import { type FakeOllama, SAMPLE_FACTS, SAMPLE_ROAST, startFakeOllama } from '#tests/support/fake-ollama';
import { waitFor } from '#tests/support/wait';

let runner: JobRunner | undefined;
let fake: FakeOllama | undefined;
let buildId: number;
let memberId: number;

beforeEach(async () => {
  vi.stubEnv('SCREENING', 'off');
  vi.stubEnv('JOB_POLL_MS', '50');
  memberId = aMember({ username: 'asker', email: 'asker@example.com' }).id;
  const imageId = saveImage({ hash: 'd'.repeat(64), width: 800, height: 600, placeholder: '', variants: [] });
  resetEnv();
  buildId = await aBuild({ userId: memberId, title: 'RTX 4080 white build', imageId });
  // The roast job has nothing to look at here (no image files): this build is already roasted.
  db().update(builds).set({ roast: 'An earlier roast.', roastFacts: SAMPLE_FACTS }).where(eq(builds.id, buildId)).run();
});

afterEach(async () => {
  await runner?.stop();
  await fake?.close();
  fake = undefined;
  vi.unstubAllEnvs();
  resetEnv();
});

const aiReplies = () =>
  waitFor(() => {
    const rows = db().select().from(comments).where(eq(comments.isAI, true)).all();
    return rows.length > 0 ? rows : null;
  });

function startRunner() {
  resetEnv();
  runner = createJobRunner(env());
  runner.start();
}

describe('AI replies', () => {
  it('RoastBot answers a mention with the built-in roaster, in the same thread, flagged as AI', async () => {
    vi.stubEnv('ROAST_PROVIDER', 'builtin');
    const asked = addComment({ buildId, userId: memberId, content: '@RoastBot is my GPU any good?' });
    startRunner();
    const [reply] = await aiReplies();
    expect(reply).toMatchObject({ buildId, userId: null, isAI: true, parentCommentId: asked.id });
    const words = reply!.content.split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(15);
    expect(words).toBeLessThanOrEqual(60);
    expect(db().select({ count: builds.commentCount }).from(builds).get()?.count).toBe(2);
  });

  it('answers a question from the owner’s parts list, the power supply included', async () => {
    vi.stubEnv('ROAST_PROVIDER', 'builtin');
    addPart(buildId, memberId, { category: 'CPU', name: 'Ryzen 7 7800X3D' });
    addPart(buildId, memberId, { category: 'PSU', name: 'Corsair RM650x' });
    addComment({ buildId, userId: memberId, content: '@RoastBot is the PSU enough for this?' });
    startRunner();
    const [reply] = await aiReplies();
    expect(reply?.content).toMatch(/^Yes, the 650\sW supply is enough: these parts peak near 550\sW\./);
  });

  it('asks the vision model, with the build and the thread, when Ollama is in use', async () => {
    fake = await startFakeOllama();
    vi.stubEnv('ROAST_PROVIDER', 'ollama');
    vi.stubEnv('OLLAMA_HOST', fake.url);
    addComment({ buildId, userId: memberId, content: 'Hey @RoastBot, roast my cable management' });
    startRunner();
    const [reply] = await aiReplies();
    expect(reply?.content).toBe(SAMPLE_ROAST);
    const sent = JSON.stringify(fake.requests.find((request) => request.path === '/api/chat')?.body);
    expect(sent).toContain('roast my cable management');
    expect(sent).toContain('RTX 4080 white build');
    expect(sent).toContain('An earlier roast.');
  });
});
