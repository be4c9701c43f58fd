import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '~/services/env.server';
import { modelLoading, ollamaConfig } from './ollama.server';
import { forgetRoasterStatus, roasterStatus, warmUpRoaster } from './roaster-state.server';
import { type FakeOllama, startFakeOllama } from '#tests/support/fake-ollama';

let fake: FakeOllama | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
  vi.unstubAllEnvs();
  resetEnv();
  forgetRoasterStatus();
});

function use(settings: Record<string, string>) {
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  resetEnv();
  forgetRoasterStatus();
}

describe('roasterStatus', () => {
  it('is builtin when the built-in roaster is chosen, without asking Ollama', async () => {
    use({ ROAST_PROVIDER: 'builtin', OLLAMA_HOST: 'http://127.0.0.1:9' });
    expect(await roasterStatus()).toMatchObject({ state: 'builtin', model: null });
  });

  it('is unreachable, with the reason, when nothing answers or the model is missing', async () => {
    use({ ROAST_PROVIDER: 'auto', OLLAMA_HOST: 'http://127.0.0.1:9' });
    expect(await roasterStatus()).toMatchObject({ state: 'unreachable', problem: expect.stringContaining('Cannot reach Ollama') });
    fake = await startFakeOllama({ models: ['llava:7b'] });
    use({ ROAST_PROVIDER: 'auto', OLLAMA_HOST: fake.url });
    expect(await roasterStatus()).toMatchObject({ state: 'unreachable', problem: expect.stringContaining('no model') });
  });

  it('is loading while the warm-up loads the model, then ready and loaded', async () => {
    fake = await startFakeOllama({ cpuHost: { loadMs: 400 } });
    use({ ROAST_PROVIDER: 'ollama', OLLAMA_HOST: fake.url });
    expect(await roasterStatus()).toMatchObject({ state: 'ready', loaded: false });
    warmUpRoaster();
    expect(await roasterStatus()).toMatchObject({ state: 'loading' });
    await vi.waitFor(() => expect(fake?.loads().finished).toBe(1));
    await vi.waitFor(async () => expect(await roasterStatus()).toMatchObject({ state: 'ready', loaded: true }));
  });

  it('is unreachable, with why, while it loads again after a load failed, until one succeeds', async () => {
    fake = await startFakeOllama({ cpuHost: { loadMs: 1500 } });
    use({ ROAST_PROVIDER: 'ollama', OLLAMA_HOST: fake.url, OLLAMA_LOAD_TIMEOUT_MS: '1000' });
    warmUpRoaster();
    expect(await roasterStatus()).toMatchObject({ state: 'loading' });
    await vi.waitFor(() => expect(fake?.loads().started).toBeGreaterThanOrEqual(1));
    await vi.waitFor(async () => expect((await roasterStatus()).state).not.toBe('loading'), { timeout: 3000 });
    warmUpRoaster();
    expect(await roasterStatus()).toMatchObject({
      state: 'unreachable',
      problem: expect.stringContaining('load the model within 1000 ms'),
    });
    // The second load ends (it fails too) before the next test asks.
    await vi.waitFor(() => expect(modelLoading(ollamaConfig())).toBe(false), { timeout: 3000 });
  });

  it('asks Ollama at most every 10 s however often it is asked', async () => {
    fake = await startFakeOllama();
    use({ ROAST_PROVIDER: 'auto', OLLAMA_HOST: fake.url });
    await Promise.all(Array.from({ length: 20 }, () => roasterStatus(1_000)));
    await roasterStatus(5_000);
    expect(fake.requests.filter((request) => request.path === '/api/tags')).toHaveLength(1);
  });
});
